// A copy of a callee-saved register's entry value into the frame: the register keeps
// its value, so unwind data that says "in register" is right (and util/check_cfi.py
// once read the store as a save the unwind data should describe: fuzz finding
// x86_64.local_xmm_win64, the r12 half).
	.text
	.globl	fx_copy
	.type	fx_copy,@function
fx_copy:
	.cfi_startproc
	subq	$24, %rsp
	.cfi_def_cfa_offset 32
	movq	%r12, (%rsp)
	movq	%rbx, 8(%rsp)
	movq	(%rsp), %rax
	addq	8(%rsp), %rax
	addq	$24, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	fx_copy,.-fx_copy
	.section .note.GNU-stack,"",@progbits
