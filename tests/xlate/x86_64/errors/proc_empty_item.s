# expect: empty .ctasm_proc item
.ctasm_text
.ctasm_proc f, global,
	.ctasm_ret
.ctasm_endproc
