# SPDX-License-Identifier: Apache-2.0
# x86_64-xlate.pl does not check that a displacement fits 32 bits: gas refuses it.
.ctasm_text
.ctasm_proc	ctasm_fz_disp, global, args=1
	movq	4294967304(%rdi), %rax
	.ctasm_ret
.ctasm_endproc
