@ Immediate, offset, lane and shift edge values: the golden runner checks both flavours encode them alike
.ctasm_text
.ctasm_proc a32_imm_edges
	add	r0, r1, #-8
	sub	r0, r1, #-8
	add	r0, r1, #0xff000000
	add	r0, r1, #0x3fc
	mov	r0, #-1
	mvn	r0, #0
	mov	r0, #0xff00
	movw	r0, #0xffff
	movt	r0, #0xffff
	and	r0, r1, #-256
	bic	r0, r1, #0xff
	cmp	r0, #-1
	cmn	r0, #1
	orr	r0, r1, #0xf000000f
	lsl	r0, r1, #31
	lsr	r0, r1, #32
	asr	r0, r1, #32
	ror	r0, r1, #1
	add	r0, r1, r2, lsr #32
	add	r0, r1, r2, ror #31
	ubfx	r0, r1, #31, #1
	bfi	r0, r1, #0, #32
	ldr	r0, [r1, #-4095]
	ldr	r0, [r1, #4095]
	ldrb	r0, [r1, #-1]
	ldrh	r0, [r1, #-255]
	ldrd	r0, r1, [r2, #255]
	ldr	r0, [r1, -r2, lsl #31]
	vldr	d0, [r1, #-1020]
	vldr	d0, [r1, #1020]
	vshr.u8	q0, q1, #8
	vshr.u64	q0, q1, #64
	vshl.i64	q0, q1, #63
	vshl.u64	d0, d1, #63
	vsli.32	q0, q1, #31
	vsri.16	q0, q1, #16
	vshll.u32	q0, d1, #31
	vshll.i32	q0, d1, #32
	vshrn.i64	d0, q1, #32
	vext.8	q0, q1, q2, #15
	vext.32	d0, d1, d2, #1
	vmov.i8	q0, #255
	vmov.i64	q0, #0xffffffffffffffff
	vmov.i32	q0, #0xff000000
	vmov.i32	q0, #0x00ffffff
	vmov.i16	d0, #0xff00
	vmvn.i32	q0, #0xff
	vorr.i32	q0, #0xff000000
	vbic.i16	d0, #0xff00
	vmov.u8	r0, d1[7]
	vmov.16	d1[3], r0
	vdup.8	q0, d1[7]
	vmul.i16	q0, q1, d7[3]
	vmlal.u32	q0, d1, d15[1]
	vld1.32	{d0[1]}, [r0:32]
	vld1.16	{d0[3]}, [r0:16]!
	vld1.64	{d0-d3}, [r0:256], r2
	vld4.8	{d0[7], d1[7], d2[7], d3[7]}, [r0:32]
	vst1.8	{d0-d1}, [r0:128]!
	vld1.32	{d0[], d1[]}, [r0:32]
	vtbl.8	d0, {d1-d4}, d5
	bkpt	#0xffff
	bx	lr
.ctasm_endproc
