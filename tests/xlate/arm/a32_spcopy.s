@ Stores through copies of sp at the edges of the frame= scratch (Arm/StackA32.pm),
@ and what the tracker leaves to the script: a copy dies when its register is
@ written (a conditional write too), at a label, a call or an unconditional branch.
.ctasm_text
.ctasm_proc a32_spcopy_core, caller_frame=48
	add	r0, sp, #32
	vst1.64	{d0-d1}, [r0:128]
	add	r1, r0, #-32
	vstr	d2, [r1, #40]
	bx	lr
.ctasm_endproc
.ctasm_proc a32_spcopy, save=r4,lr, frame=44
	mov	r1, sp
	add	r2, sp, #16
	vst1.8	{d0-d3}, [r1]
	vst1.64	{d0-d1}, [r2:128]
	str	r0, [r2, #28]
	add	r3, r2, #8
	strd	r0, r1, [r3, #16]
	stmdb	r3, {r4, lr}
	vst1.32	{d0[1]}, [r3]
	mov	r3, sp
	vst1.64	{d0-d3}, [r3]!
	vst1.8	{d0}, [r3]!
	vld1.64	{d4}, [r3]
	cmp	r2, r1
	str	r0, [r2, #24]!
	str	r0, [r2], #-40
	str	r0, [r2]
	ldr	r4, [r2, #4]
	str	r4, [r2, #4]
	add	r1, r1, r0
	str	r0, [r1, #100]
	addeq	r2, sp, #64
	str	r0, [r2]
	mov	r2, sp
	bl	a32_spcopy_core
	str	r0, [r2, #100]
	mov	r2, sp
.Lnext:
	str	r0, [r2, #100]
	.ctasm_ret
.ctasm_endproc
