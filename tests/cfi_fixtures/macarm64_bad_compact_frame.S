// expect: CFA offset: unwind data says sp+0, code has sp+64
// SPDX-License-Identifier: Apache-2.0
// A frame-only function next to one that needs DWARF: clang writes an FDE for both,
// but gives the first the compact encoding "frameless, stack 0" (from the last
// .cfi_def_cfa_offset), and ld64 keeps that and drops the FDE. The check reads
// what the unwinder will use.
	.text
	.globl	_ctasm_fixture_frame
	.p2align	2
_ctasm_fixture_frame:
	.cfi_startproc
	sub	sp, sp, #64
	.cfi_def_cfa_offset 64
	str	x0, [sp]
	add	sp, sp, #64
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc

	.globl	_ctasm_fixture_saves
	.p2align	2
_ctasm_fixture_saves:
	.cfi_startproc
	stp	x19, x20, [sp, #-16]!
	.cfi_def_cfa_offset 16
	.cfi_offset x19, -16
	.cfi_offset x20, -8
	mov	x19, x0
	ldp	x19, x20, [sp], #16
	.cfi_restore x19
	.cfi_restore x20
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
