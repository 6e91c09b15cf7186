# SPDX-License-Identifier: Apache-2.0
# nasm: a local function keeps SysV rules (its global callers save xmm6-15), but
# util/check_cfi.py holds every COFF function with unwind data to the Win64 ones.
.ctasm_text
.ctasm_proc	ctasm_fz_local, frame=16
	movdqa	%xmm7, 0(%rsp)
	pxor	%xmm7, %xmm7
	.ctasm_ret
.ctasm_endproc
