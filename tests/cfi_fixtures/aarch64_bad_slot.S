// expect: x20: unwind data says at CFA-16, code has it at CFA-24
// Wrong .cfi_offset slot for x20.
	.text
	.globl	fx_good
	.type	fx_good,%function
fx_good:
	.cfi_startproc
	hint	#34
	paciasp
	.cfi_negate_ra_state
	stp	x29, x30, [sp, #-48]!
	.cfi_def_cfa_offset 48
	.cfi_offset x29, -48
	.cfi_offset x30, -40
	stp	x19, x20, [sp, #16]
	.cfi_offset x19, -32
	.cfi_offset x20, -16
	str	d8, [sp, #32]
	.cfi_offset b8, -16
	sub	sp, sp, #32
	.cfi_def_cfa_offset 80
	cbz	x0, 1f
	.cfi_remember_state
	add	sp, sp, #32
	.cfi_def_cfa_offset 48
	ldr	d8, [sp, #32]
	.cfi_restore b8
	ldp	x19, x20, [sp, #16]
	.cfi_restore x19
	.cfi_restore x20
	ldp	x29, x30, [sp], #48
	.cfi_restore x29
	.cfi_restore x30
	.cfi_def_cfa_offset 0
	autiasp
	.cfi_negate_ra_state
	ret
	.cfi_restore_state
1:	mov	x0, #1
	add	sp, sp, #32
	.cfi_def_cfa_offset 48
	ldr	d8, [sp, #32]
	.cfi_restore b8
	ldp	x19, x20, [sp, #16]
	.cfi_restore x19
	.cfi_restore x20
	ldp	x29, x30, [sp], #48
	.cfi_restore x29
	.cfi_restore x30
	.cfi_def_cfa_offset 0
	autiasp
	.cfi_negate_ra_state
	ret
	.cfi_endproc
	.size	fx_good,.-fx_good
	.section .note.GNU-stack,"",%progbits
