// expect: lane d1[4] out of range: this data type has lanes 0..3
// a 16-bit lane of a d register is 0..3
.ctasm_text
.ctasm_proc f
	vmov.u16	r0, d1[4]
	bx	lr
.ctasm_endproc
