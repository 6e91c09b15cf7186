// expect: missing .ctasm_endproc for f
.ctasm_text
.ctasm_proc f
	.ctasm_ret
