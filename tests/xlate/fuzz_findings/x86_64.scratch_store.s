# SPDX-License-Identifier: Apache-2.0
# Storing a callee-saved register's entry value into the frame= scratch reads, to
# util/check_cfi.py, as a save the unwind data does not describe.
.ctasm_text
.ctasm_proc	ctasm_fz_store, global, args=1, save=rbx, frame=8
	movq	%rdi, %rbx
	movq	%r12, 0(%rsp)
	movq	%rbx, %rax
	.ctasm_ret
.ctasm_endproc
