// expect: pair offset #1024 out of range: a multiple of 16 in -1024..1008
.ctasm_text
.ctasm_proc f
	ldp	q0, q1, [x2], #1024
	ret
.ctasm_endproc
