// Stores through copies of sp at the edges of the frame= scratch (Arm/StackA32.pm's
// tracker, AArch64 sizes from Arm/StackA64.pm), and what it leaves to the script.
.ctasm_text
.ctasm_proc a64_spcopy, save=x29,x30, frame=40
	mov	x15, sp
	add	x9, sp, #16
	st1	{v0.16b-v2.16b}, [x15]
	stp	x0, x1, [x9, #16]
	str	q0, [x9]
	sub	x10, x9, #8
	str	x0, [x10, #32]
	st1	{v0.16b}, [x15], #16
	st1	{v0.16b, v1.16b}, [x15]
	ld1	{v3.16b}, [x15], #16
	ldr	x0, [x15]
	ldr	x9, [x9]
	str	x0, [x9, #100]
	cbz	x10, .Lout
	str	x0, [x10, #32]
	mov	x11, sp
	bl	a64_spcopy
	str	x0, [x11, #100]
.Lout:
	str	x0, [x10, #100]
	.ctasm_ret
.ctasm_endproc
