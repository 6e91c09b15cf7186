// expect: lr: unwind data says at CFA-8, code has it at CFA-4
// lr and r6 slots swapped.
	.syntax	unified
	.arm
	.fpu	neon
	.text
	.globl	fx_good
	.type	fx_good,%function
fx_good:
	.fnstart
	.cfi_startproc
	push	{r4, r5, r6, lr}
	.save	{r4, r5, r6, lr}
	.cfi_def_cfa_offset 16
	.cfi_offset r4, -16
	.cfi_offset r5, -12
	.cfi_offset r6, -4
	.cfi_offset lr, -8
	vpush	{d8, d9}
	.vsave	{d8, d9}
	.cfi_def_cfa_offset 32
	.cfi_offset d8, -32
	.cfi_offset d9, -24
	sub	sp, sp, #8
	.pad	#8
	.cfi_def_cfa_offset 40
	bl	fx_callee
	cmp	r0, #0
	beq	1f
	.cfi_remember_state
	add	sp, sp, #8
	.cfi_def_cfa_offset 32
	vpop	{d8, d9}
	.cfi_def_cfa_offset 16
	.cfi_restore d8
	.cfi_restore d9
	pop	{r4, r5, r6, pc}
	.cfi_restore_state
1:	mov	r0, #1
	add	sp, sp, #8
	.cfi_def_cfa_offset 32
	vpop	{d8, d9}
	.cfi_def_cfa_offset 16
	.cfi_restore d8
	.cfi_restore d9
	pop	{r4, r5, r6, pc}
	.cfi_endproc
	.fnend
	.size	fx_good,.-fx_good
	.section .note.GNU-stack,"",%progbits
