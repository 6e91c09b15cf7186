// expect: lsl #32: the amount is 0..31
// a register offset shifts as an operand does
.ctasm_text
.ctasm_proc f
	ldr	r0, [r1, r2, lsl #32]
	bx	lr
.ctasm_endproc
