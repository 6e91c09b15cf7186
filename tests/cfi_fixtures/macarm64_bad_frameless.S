// expect: CFA offset: unwind data says sp+0, code has sp+16
// SPDX-License-Identifier: Apache-2.0
// Moves sp with no CFI: its compact unwind entry still says frameless, no stack.
	.text
	.globl	_ctasm_fixture_leaf
	.p2align	2
_ctasm_fixture_leaf:
	.cfi_startproc
	sub	sp, sp, #16
	add	sp, sp, #16
	ret
	.cfi_endproc
