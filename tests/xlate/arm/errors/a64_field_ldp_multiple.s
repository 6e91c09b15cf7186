// expect: pair offset #4 out of range: a multiple of 8 in -512..504
.ctasm_text
.ctasm_proc f
	ldp	x0, x1, [x2, #4]
	ret
.ctasm_endproc
