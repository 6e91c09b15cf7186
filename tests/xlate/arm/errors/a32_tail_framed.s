// expect: tail branch from f
.ctasm_text
.ctasm_proc g
	.ctasm_ret
.ctasm_endproc
.ctasm_proc f, vsave=d8
	bne	g
	.ctasm_ret
.ctasm_endproc
