// expect: tail branch from f
.ctasm_text
.ctasm_proc g
	.ctasm_ret
.ctasm_endproc
.ctasm_proc f, save=x19,x20
	b	g
.ctasm_endproc
