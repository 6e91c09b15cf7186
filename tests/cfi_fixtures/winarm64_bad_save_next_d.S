// expect: d10: unwind data says at CFA-16, code has it in register
// SPDX-License-Identifier: Apache-2.0
// .seh_save_next after .seh_save_fregp d8 describes d10,d11 at [sp, #48]; the code saves d12,d13 there
	.text
	.globl	fx_bad_save_next_d
	.p2align 2
fx_bad_save_next_d:
	.seh_proc fx_bad_save_next_d
	hint #34
	.seh_nop
	stp	x19, x20, [sp, #-64]!
	.seh_save_regp_x x19, 64
	stp	x21, x22, [sp, #16]
	.seh_save_next
	stp	d8, d9, [sp, #32]
	.seh_save_fregp d8, 32
	stp	d12, d13, [sp, #48]
	.seh_save_next
	.seh_endprologue
	add	x0, x0, #1
	.seh_startepilogue
	ldp	d12, d13, [sp, #48]
	.seh_save_next
	ldp	d8, d9, [sp, #32]
	.seh_save_fregp d8, 32
	ldp	x21, x22, [sp, #16]
	.seh_save_next
	ldp	x19, x20, [sp], #64
	.seh_save_regp_x x19, 64
	.seh_endepilogue
	ret
	.seh_endproc
