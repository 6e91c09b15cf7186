# SPDX-License-Identifier: Apache-2.0
# util/check_flavours.py --self-test: translated for every x86_64 flavour, then the
# last flavour's xorq is given another source register; the tool must name the function.
# selftest: (xor\w*\s.*)rdx => \1rsi
# differs: ctasm_selftest_reg: instruction
.ctasm_text
.ctasm_proc	ctasm_selftest_reg, global, args=3, save=rbx, frame=16
	movq	%rdi, %rax
	xorq	%rdx, %rax
	movq	%rax, 0(%rsp)
	movdqa	%xmm7, %xmm0
	.ctasm_ret
.ctasm_endproc
