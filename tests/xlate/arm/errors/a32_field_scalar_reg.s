// expect: scalar d8[3]: a multiply by a 16-bit scalar takes d0-d7
// the 16-bit scalar field holds d0-d7 only
.ctasm_text
.ctasm_proc f
	vmul.i16	q0, q1, d8[3]
	bx	lr
.ctasm_endproc
