// expect: CFA offset: unwind data says sp+24, code has sp+152
// The CFA stays sp-based while the code rounds rsp down (no .cfi_def_cfa_register).
	.text
	.globl	fx_fp
	.type	fx_fp,@function
fx_fp:
	.cfi_startproc
	pushq	%rbx
	.cfi_def_cfa_offset	16
	.cfi_offset	%rbx,-16
	pushq	%rbp
	.cfi_def_cfa_offset	24
	.cfi_offset	%rbp,-24
	movq	%rsp,%rbp
	subq	$128,%rsp
	andq	$-64,%rsp
	movq	%rax,(%rsp)
	.cfi_remember_state
	movq	%rbp,%rsp
	.cfi_def_cfa	%rsp,24
	popq	%rbp
	.cfi_def_cfa_offset	16
	.cfi_restore	%rbp
	popq	%rbx
	.cfi_def_cfa_offset	8
	.cfi_restore	%rbx
	ret
	.cfi_restore_state
	.cfi_endproc
	.size	fx_fp,.-fx_fp
