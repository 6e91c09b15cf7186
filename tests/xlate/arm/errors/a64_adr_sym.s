// expect: external symbols are not part of the dialect
.ctasm_text
.ctasm_proc f
	adr	x0, linux
	.ctasm_ret
.ctasm_endproc
