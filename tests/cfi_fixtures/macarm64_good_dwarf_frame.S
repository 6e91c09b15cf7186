// SPDX-License-Identifier: Apache-2.0
// What arm-xlate.pl writes for a frame-only function on ios64: the unpaired
// remember/restore has no compact encoding, so the function keeps its DWARF FDE.
	.text
	.globl	_ctasm_fixture_frame
	.p2align	2
_ctasm_fixture_frame:
	.cfi_startproc
	sub	sp, sp, #64
	.cfi_def_cfa_offset 64
	str	x0, [sp]
	.cfi_remember_state
	add	sp, sp, #64
	.cfi_def_cfa_offset 0
	ret
	.cfi_restore_state
	.cfi_endproc
