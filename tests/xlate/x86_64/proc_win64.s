# args=6 (Win64 argument moves incl. stack arguments), save=, frame=, xmm6/xmm9 writes,
# a local helper writing xmm12 (transitive), two .ctasm_ret.
.ctasm_text
.ctasm_proc	demo_six, global, args=6, save=rbx,r12, frame=24
	movq	%r9, 0(%rsp)
	pxor	%xmm6, %xmm6
	movdqa	%xmm6, %xmm9
	call	_demo_helper
	testq	%rdi, %rdi
	jz	.Lsix_zero
.ctasm_ret
.Lsix_zero:
	xorl	%eax, %eax
.ctasm_ret
.ctasm_endproc

.ctasm_proc	_demo_helper
	pcmpeqb	%xmm12, %xmm12
.ctasm_ret
.ctasm_endproc

.ctasm_proc	demo_noargs, global, args=0
	movl	$1, %eax
.ctasm_ret
.ctasm_endproc
