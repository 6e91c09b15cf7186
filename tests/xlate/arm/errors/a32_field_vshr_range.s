// expect: immediate #16 out of range 1..8
// a right shift of bytes is 1..8 (fuzz finding armv7.neon_shift_range)
.ctasm_text
.ctasm_proc f
	vshr.u8	q2, q1, #16
	bx	lr
.ctasm_endproc
