// expect: immediate #8 out of range 0..7
// GNU as refuses vshl.i8 #8, clang encodes it as #0
.ctasm_text
.ctasm_proc f
	vshl.i8	q0, q1, #8
	bx	lr
.ctasm_endproc
