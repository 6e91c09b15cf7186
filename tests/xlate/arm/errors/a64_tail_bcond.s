// expect: tail branch from f
.ctasm_text
.ctasm_proc g
	.ctasm_ret
.ctasm_endproc
.ctasm_proc f, frame=16
	b.ne	g
	.ctasm_ret
.ctasm_endproc
