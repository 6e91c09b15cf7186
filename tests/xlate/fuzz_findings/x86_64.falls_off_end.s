# SPDX-License-Identifier: Apache-2.0
# A function whose last instruction falls through to .ctasm_endproc is accepted:
# execution runs off the end of the function (and its unwind data).
.ctasm_text
.ctasm_proc	ctasm_fz_fall, global, args=1
	movq	%rdi, %rax
.ctasm_endproc
