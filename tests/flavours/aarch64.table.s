// SPDX-License-Identifier: Apache-2.0
// util/check_flavours.py --self-test: the last flavour addresses the other table
// (adrp+add on linux64/win64 style relocations, PAGE/PAGEOFF on ios64).
// selftest: k_one\b(?!:) => k_two
// differs: ctasm_selftest_a64: instruction
.ctasm_text
.ctasm_proc	ctasm_selftest_a64, global, save=x29,x30, frame=16
	.ctasm_adr	x9, .Lk_one
	ldr	q0, [x9]
	str	q0, [x0]
	bl	ctasm_selftest_a64_leaf
	.ctasm_ret
.ctasm_endproc
.ctasm_proc	ctasm_selftest_a64_leaf
	eor	x1, x1, x1
	ret
.ctasm_endproc
.ctasm_rodata
.ctasm_align	16
.Lk_one:
	.quad	1, 2
.Lk_two:
	.quad	3, 4
