// expect: r12: unwind data says in register, code has it at CFA-32
// A copy stops being one when the register is written: from the xorl on, r12's entry
// value lives only in the frame slot, which the unwind data does not describe (a save
// without CFI). The copy rule must not hide this.
	.text
	.globl	fx_copy
	.type	fx_copy,@function
fx_copy:
	.cfi_startproc
	subq	$24, %rsp
	.cfi_def_cfa_offset 32
	movq	%r12, (%rsp)
	xorl	%r12d, %r12d
	movq	%r12, %rax
	movq	(%rsp), %r12
	addq	$24, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	fx_copy,.-fx_copy
	.section .note.GNU-stack,"",@progbits
