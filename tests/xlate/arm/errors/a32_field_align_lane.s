// expect: alignment :64 not allowed here (this form takes no alignment)
// vld3 of one lane takes no alignment
.ctasm_text
.ctasm_proc f
	vld3.8	{d0[1], d1[1], d2[1]}, [r0:64]
	bx	lr
.ctasm_endproc
