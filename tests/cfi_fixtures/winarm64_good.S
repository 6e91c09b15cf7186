// Correct Windows AArch64 SEH directives. Must pass.
	.text
	.globl	fx_good
	.p2align 2
fx_good:
	.seh_proc fx_good
	stp	x29, x30, [sp, #-48]!
	.seh_save_fplr_x 48
	stp	x19, x20, [sp, #16]
	.seh_save_regp x19, 16
	stp	d8, d9, [sp, #32]
	.seh_save_fregp d8, 32
	sub	sp, sp, #32
	.seh_stackalloc 32
	.seh_endprologue
	add	x0, x0, #1
	.seh_startepilogue
	add	sp, sp, #32
	.seh_stackalloc 32
	ldp	d8, d9, [sp, #32]
	.seh_save_fregp d8, 32
	ldp	x19, x20, [sp, #16]
	.seh_save_regp x19, 16
	ldp	x29, x30, [sp], #48
	.seh_save_fplr_x 48
	.seh_endepilogue
	ret
	.seh_endproc
