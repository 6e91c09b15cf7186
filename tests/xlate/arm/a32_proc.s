@ ARMv7: leaf, push/vpush/frame prologue with two returns, pop without lr,
@ stack arguments, constants in .text reached with adr.
.ctasm_text
.ctasm_proc	a32_leaf, global
	add	r0, r0, r1	@ comment
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	a32_frame, global, save=r4-r11,lr, vsave=d8-d15, frame=12
	ldr	r4, [sp, #116]		@ argument 5 at frame 16 + 8*8 + 4*9 = 116
	cmp	r0, #0
	beq	.Learly
	.ctasm_adr	r12, .Lconst
	vld1.8	{d0-d1}, [r12]
	vtbl.8	d2, {d0-d1}, d0
	bl	a32_leaf
	.ctasm_ret
.Learly:
	mov	r0, #7
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	a32_nolr, save=r4-r5
	mov	r4, r0
	.ctasm_ret
.ctasm_endproc

.ctasm_rodata
.ctasm_align	16
.Lconst:
	.byte	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.long	0x01234567
