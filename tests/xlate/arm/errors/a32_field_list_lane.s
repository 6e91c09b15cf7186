// expect: lane [2] out of range: this data type has lanes 0..1
// a 32-bit lane of a d register is 0..1
.ctasm_text
.ctasm_proc f
	vld1.32	{d0[2]}, [r0]
	bx	lr
.ctasm_endproc
