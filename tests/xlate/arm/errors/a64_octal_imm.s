// expect: octal-looking number
.ctasm_text
.ctasm_proc f
	mov	x0, #010
	.ctasm_ret
.ctasm_endproc
