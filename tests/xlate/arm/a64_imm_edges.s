// Immediate, offset, lane and shift edge values: the golden runner checks every flavour encodes them alike
.ctasm_text
.ctasm_proc a64_imm_edges
	add	x0, x1, #0
	sub	w0, w1, #4095
	adds	x0, x1, #4095
	add	x0, x1, #1, lsl #12
	add	x0, x1, #0xfff, lsl #12
	cmp	x0, #4095, lsl #0
	cmn	w0, #1
	sub	x0, sp, #16
	add	x0, x1, x2, lsl #63
	sub	w0, w1, w2, asr #31
	add	x0, sp, w1, uxtw #4
	add	x0, x1, x2, sxtx #4
	eor	x0, x1, x2, ror #63
	mov	w0, #-0x80000000
	mov	x0, #-0x8000000000000000
	mov	x0, #0xffffffffffff0000
	movk	x0, #0xffff, lsl #48
	orr	x0, x1, #0x7fffffffffffffff
	and	w0, w1, #0xfffffffe
	bic	x0, x1, #0xff
	mov	x0, #-1
	mov	w0, #-1
	mov	w0, #0xffffffff
	mov	x0, #0x12340000
	mov	x0, #0xffffffffffff1234
	mov	x0, #0x5555555555555555
	mov	w0, #0x0f0f0f0f
	and	x0, x1, #-4
	orr	w0, w1, #0x80000000
	eor	x0, x1, #0xfffffffffffffffe
	tst	w0, #0xff
	movz	x0, #0xffff, lsl #48
	movk	w0, #0x1234, lsl #16
	movn	x0, #0
	lsl	x0, x1, #63
	lsr	w0, w1, #31
	asr	x0, x1, #0
	ror	w0, w1, #31
	ubfx	x0, x1, #63, #1
	bfi	w0, w1, #31, #1
	extr	x0, x1, x2, #63
	ldr	x0, [x1, #-8]
	ldr	x0, [x1, #3]
	ldr	w0, [x1, #16380]
	ldr	x0, [x1, #32760]
	ldrb	w0, [x1, #-1]
	str	q0, [x1, #-16]
	ldp	x0, x1, [x2, #-512]
	ldp	x0, x1, [x2, #504]
	ldp	q0, q1, [x2, #1008]
	ldr	x0, [x1, #255]!
	ldr	x0, [x1], #-256
	ldr	x0, [x1, #-256]
	ldrh	w0, [x1, #8190]
	ldr	q0, [x1, #65520]
	str	b0, [x1, #4095]
	ldp	w0, w1, [x2, #-256]
	stp	s0, s1, [x2, #252]!
	ldp	q0, q1, [x2], #-1024
	ldnp	d0, d1, [x2, #504]
	ldpsw	x0, x1, [x2, #-256]
	ldur	x0, [x1, #-256]
	prfm	pldl1keep, [x1, #32760]
	ldr	x0, [x1, x2, lsl #3]
	ldr	q0, [x1, w2, sxtw #4]
	ldrh	w0, [x1, w2, uxtw #1]
	ld1	{v0.16b-v3.16b}, [x1], #64
	ld1	{v0.8b, v1.8b}, [x1], #16
	st2	{v0.s, v1.s}[3], [x1], #8
	ld4r	{v0.2d-v3.2d}, [x1], #32
	ld1	{v0.2d}, [x1], x2
	ushr	v0.16b, v1.16b, #8
	ushr	v0.2d, v1.2d, #64
	shl	v0.2d, v1.2d, #63
	sli	v0.4s, v1.4s, #31
	sri	v0.8h, v1.8h, #16
	ushll	v0.2d, v1.2s, #31
	ext	v0.16b, v1.16b, v2.16b, #15
	movi	v0.2d, #0
	movi	v0.2d, #0xffffffffffffffff
	movi	v0.16b, #255
	movi	v0.4s, #0xff, lsl #24
	movi	v0.4s, #0xff, msl #16
	mvni	v0.8h, #0xff, lsl #8
	movi	d0, #0xff00ff00ff00ff00
	orr	v0.4s, #0x80, lsl #24
	bic	v0.8h, #0xff
	fmov	d0, #1.5
	fmov	s0, #-0.125
	fmov	d0, #31.0
	mov	v0.b[15], w1
	mov	v0.d[1], v1.d[0]
	dup	v0.16b, v1.b[15]
	ccmp	x0, #31, #15, ne
	ccmp	w0, w1, #0, eq
	ubfx	x0, x1, #0, #64
	sbfiz	w0, w1, #1, #31
	ubfm	x0, x1, #63, #63
	udf	#65535
	dmb	#15
	shrn	v0.8b, v1.8h, #8
	rshrn2	v0.4s, v1.2d, #32
	ushr	d0, d1, #64
	cmeq	v0.2d, v1.2d, #0
	movi	v0.8h, #0xff, lsl #8
	mvni	v0.2s, #0xff, msl #8
	movi	v0.2d, #-1
	fmov	d0, #0.125
	fmov	s0, #-31.0
	tbz	x0, #63, .L1
	tbnz	w0, #31, .L1
.L1:
	brk	#0xffff
	ret
.ctasm_endproc
