# SPDX-License-Identifier: Apache-2.0
# util/check_flavours.py --self-test: the last flavour loads the other constant;
# the tool must see the rip-relative targets differ.
# selftest: k_one\b(?!:) => k_two
# differs: ctasm_selftest_table: instruction
.ctasm_text
.ctasm_proc	ctasm_selftest_table, global, args=1
	movdqa	.Lk_one(%rip), %xmm0
	movdqu	%xmm0, (%rdi)
	.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.ctasm_align	16
.Lk_one:
	.quad	1, 2
.Lk_two:
	.quad	3, 4
