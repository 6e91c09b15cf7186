// expect: tail branch from f
.ctasm_text
.ctasm_proc g
	.ctasm_ret
.ctasm_endproc
.ctasm_proc f, save=x29,x30
	cbz	x0, g
	.ctasm_ret
.ctasm_endproc
