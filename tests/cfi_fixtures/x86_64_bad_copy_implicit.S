// expect: rbx: unwind data says in register, code has it at CFA-32
// An implicit write ends a copy too: cpuid writes rbx, whose entry value then lives
// only in the undescribed frame slot.
	.text
	.globl	fx_copy
	.type	fx_copy,@function
fx_copy:
	.cfi_startproc
	subq	$24, %rsp
	.cfi_def_cfa_offset 32
	movq	%rbx, (%rsp)
	xorl	%eax, %eax
	cpuid
	movl	%ebx, %eax
	movq	(%rsp), %rbx
	addq	$24, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	fx_copy,.-fx_copy
	.section .note.GNU-stack,"",@progbits
