# SPDX-License-Identifier: Apache-2.0
# A stack operand beyond the frame= scratch is accepted as written, so it names other
# slots per flavour (the Win64 prologue pushes rdi/rsi and saves xmm6-15 there).
.ctasm_text
.ctasm_proc	ctasm_fz_beyond, global, args=2, save=rbx, frame=16
	movq	%rsi, %rbx
	addq	64(%rsp), %rbx
	movq	%rbx, %rax
	.ctasm_ret
.ctasm_endproc
