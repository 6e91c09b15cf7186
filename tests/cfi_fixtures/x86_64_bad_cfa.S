// expect: CFA offset: unwind data says sp+40, code has sp+48
// Wrong CFA offset after the allocation.
	.text
	.globl	fx_good
	.type	fx_good,@function
fx_good:
	.cfi_startproc
	pushq	%rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	pushq	%rbp
	.cfi_def_cfa_offset 24
	.cfi_offset %rbp, -24
	subq	$24, %rsp
	.cfi_def_cfa_offset 40
	movq	%rdi, (%rsp)
	testq	%rdi, %rdi
	jz	1f
	.cfi_remember_state
	addq	$24, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_restore %rbp
	popq	%rbx
	.cfi_def_cfa_offset 8
	.cfi_restore %rbx
	ret
	.cfi_restore_state
1:	movq	$1, %rax
	addq	$24, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_restore %rbp
	popq	%rbx
	.cfi_def_cfa_offset 8
	.cfi_restore %rbx
	ret
	.cfi_endproc
	.size	fx_good,.-fx_good
	.section .note.GNU-stack,"",@progbits
