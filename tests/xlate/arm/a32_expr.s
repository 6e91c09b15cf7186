@ Numbers and constant expressions: evaluated by the translator and printed as
@ plain values (a lone decimal or hex literal as written), the same on every
@ flavour; floating-point immediates and label differences pass as written.
.ctasm_text
.ctasm_proc	expr, global
	mov	r0, #1+2*3		@ 7: * before +, as every assembler reads it
	mov	r1, #(1+2)<<3		@ 24
	mov	r2, #0x10
	add	r3, r3, #(1<<10)-4
	mvn	r12, #15
	mov	r3, #~0xff000000 & 0xff	@ and-only: 255
	ldr	r2, [sp, #(2*8)]	@ not a frame: leaf, only reads
	.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.La:
	.byte	1, 0x7f, (1<<8)-1, -128
	.long	(1<<31)|1, 0xffffffff
	.long	.Lb-.La
.Lb:
	.space	4*4
	.inst	0xe320f000
