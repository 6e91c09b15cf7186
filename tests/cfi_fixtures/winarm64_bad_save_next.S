// expect: x21: unwind data says at CFA-48, code has it in register
// SPDX-License-Identifier: Apache-2.0
// .seh_save_next after .seh_save_regp_x x19 describes x21,x22 at [sp, #16]; the code saves x23,x24 there
	.text
	.globl	fx_bad_save_next
	.p2align 2
fx_bad_save_next:
	.seh_proc fx_bad_save_next
	hint #34
	.seh_nop
	stp	x19, x20, [sp, #-64]!
	.seh_save_regp_x x19, 64
	stp	x23, x24, [sp, #16]
	.seh_save_next
	stp	d8, d9, [sp, #32]
	.seh_save_fregp d8, 32
	stp	d10, d11, [sp, #48]
	.seh_save_next
	.seh_endprologue
	add	x0, x0, #1
	.seh_startepilogue
	ldp	d10, d11, [sp, #48]
	.seh_save_next
	ldp	d8, d9, [sp, #32]
	.seh_save_fregp d8, 32
	ldp	x23, x24, [sp, #16]
	.seh_save_next
	ldp	x19, x20, [sp], #64
	.seh_save_regp_x x19, 64
	.seh_endepilogue
	ret
	.seh_endproc
