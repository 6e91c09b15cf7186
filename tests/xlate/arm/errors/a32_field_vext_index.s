// expect: immediate #9223372036854775808 out of range 0..15
// vext takes an element index (fuzz finding armv7.neon_imm_range)
.ctasm_text
.ctasm_proc f
	vext.8	q2, q3, q3, #(1<<63)
	bx	lr
.ctasm_endproc
