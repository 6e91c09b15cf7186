// expect: immediate #1 out of range 0..0
// the compare-with-immediate forms compare with zero only
.ctasm_text
.ctasm_proc f
	vceq.i8	q0, q1, #1
	bx	lr
.ctasm_endproc
