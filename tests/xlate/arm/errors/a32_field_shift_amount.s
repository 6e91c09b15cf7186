// expect: lsr #0: the amount is 1..32
// an immediate lsr shifts by 1..32 (lsr #0 is no encoding of the ARM ARM)
.ctasm_text
.ctasm_proc f
	add	r0, r1, r2, lsr #0
	bx	lr
.ctasm_endproc
