# SPDX-License-Identifier: Apache-2.0
# The x86_64 instruction table accepts an operand form gas refuses (found: vzeroupper
# with an operand, pshufb on general registers, %ah as a base, call through %eax).
.ctasm_text
.ctasm_proc	ctasm_fz_form, global, args=1
	pshufb	%rax, %rdi
	.ctasm_ret
.ctasm_endproc
