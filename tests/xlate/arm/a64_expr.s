// Numbers and constant expressions: evaluated by the translator and printed as
// plain values (a lone decimal or hex literal as written), the same on every
// flavour; floating-point immediates and label differences pass as written.
.ctasm_text
.ctasm_proc	expr, global
	mov	x0, #1+2*3		// 7: * before +, as every assembler reads it
	mov	x1, #(1+2)<<3		// 24
	mov	x2, #0x10
	add	x3, x3, #(1<<12)-1
	movn	x4, #~(-1)		// 0
	mov	x5, #-16
	orr	x6, x6, #0xff00ff00ff00ff00
	fmov	d0, #1.5
	ldr	x7, [x9, #(2*8)]	// an offset expression (sp would be the caller's frame: Arm/StackA64.pm)
	lsl	x8, x8, #0b11
	.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.La:
	.byte	1, 0x7f, (1<<8)-1, -128
	.long	(1<<31)|1, 0xffffffff
	.quad	.Lb-.La, 12345678901234567890
.Lb:
	.space	4*4
	.inst	0xd503201f
