// expect: alignment :128 not allowed here (one of :64)
// a one-register vld1 aligns to :64 only
.ctasm_text
.ctasm_proc f
	vld1.8	{d0}, [r0:128]
	bx	lr
.ctasm_endproc
