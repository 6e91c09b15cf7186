// SPDX-License-Identifier: Apache-2.0
// A frameless leaf: clang keeps only its compact unwind entry (no FDE in the object).
	.text
	.globl	_ctasm_fixture_leaf
	.p2align	2
_ctasm_fixture_leaf:
	.cfi_startproc
	add	x0, x0, x1
	ret
	.cfi_endproc
