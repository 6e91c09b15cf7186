// sp-relative stores and loads at the edges of the frame= scratch [sp, #0 .. frame),
// frame= rounded up to 16 (Arm/StackA64.pm); loads may also read the save area
// above it (here x19/x20 and d8: [sp, #32 .. #64)).
.ctasm_text
.ctasm_proc a64_sp_frame, save=x19,x20, vsave=d8, frame=20
	str	x0, [sp]
	str	x0, [sp, #24]
	str	w0, [sp, #28]
	strb	w0, [sp, #31]
	strh	w0, [sp, #30]
	stur	x0, [sp, #24]
	sturb	w0, [sp, #31]
	stp	x0, x1, [sp, #16]
	stp	q0, q1, [sp]
	stnp	d0, d1, [sp, #16]
	str	q0, [sp, #16]
	st1	{v0.16b, v1.16b}, [sp]
	st1	{v0.8b-v3.8b}, [sp]
	st4	{v0.s-v3.s}[1], [sp]
	st1	{v0.d}[1], [sp]
	ldr	x0, [sp, #56]
	ldp	x19, x20, [sp, #32]
	ldr	d8, [sp, #48]
	ld1	{v0.16b-v3.16b}, [sp]
	ld1r	{v0.2d}, [sp]
	prfm	pldl1keep, [sp, #256]
	.ctasm_ret
.ctasm_endproc
