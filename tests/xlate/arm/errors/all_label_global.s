// expect: only .L labels
.ctasm_text
.ctasm_proc f
foo:
	.ctasm_ret
.ctasm_endproc
