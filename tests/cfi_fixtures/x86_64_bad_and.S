// expect: untracked stack pointer update
// and $-64,%rsp without a frame register: nothing can recover the CFA.
	.text
	.globl	fx_and
	.type	fx_and,@function
fx_and:
	.cfi_startproc
	andq	$-64,%rsp
	ret
	.cfi_endproc
	.size	fx_and,.-fx_and
