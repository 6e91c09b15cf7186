# SPDX-License-Identifier: Apache-2.0
# Local functions that store a callee-saved register's entry value into the frame
# (fuzz finding x86_64.local_xmm_win64). A copy is no save: r12 keeps its value, so
# unwind data that says "in register" is right; on nasm a local function keeps the
# SysV rules (its global callers save xmm6-15), so xmm7 needs no Win64 save.
# util/check_cfi.py (run over every golden output) read both stores as saves.
.ctasm_text
.ctasm_proc	ctasm_fz_local, frame=16
	movdqa	%xmm7, 0(%rsp)
	pxor	%xmm7, %xmm7
	.ctasm_ret
.ctasm_endproc
.ctasm_proc	ctasm_fz_local_r12, frame=16
	movq	%r12, 0(%rsp)
	movq	0(%rsp), %rax
	.ctasm_ret
.ctasm_endproc
