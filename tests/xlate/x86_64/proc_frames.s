# Stack arguments (.ctasm_stack_arg) and aligned frames (align=32/64): SysV and Win64
# offsets whatever the prologue saved; rbp frame pointer in CFI and in UWOP_SET_FPREG.
.ctasm_text
# 8 arguments, no frame: argument 7 just above the return address (SysV), above the
# home area and arguments 5-6 on Win64 (after the rdi/rsi pushes).
.ctasm_proc	demo_args8, global, args=8
	.ctasm_stack_arg	7, %rax
	.ctasm_stack_arg	8, %r10
	addq	%r10, %rax
	addq	%r9, %rax
.ctasm_ret
.ctasm_endproc

# The same with saves and a scratch frame: the offsets follow the prologue.
.ctasm_proc	demo_args8_saves, global, args=8, save=rbx,r12, frame=40
	.ctasm_stack_arg	8, %rbx
	movq	%rbx, 0(%rsp)
	movq	0(%rsp), %rax
.ctasm_ret
.ctasm_endproc

# 64-byte aligned scratch frame with xmm/zmm writes (Win64 saves the low halves of
# xmm6-xmm15) and a stack argument read through the frame pointer.
.ctasm_proc	demo_align64, global, args=7, save=rbx, frame=128, align=64
	.ctasm_stack_arg	7, %rbx
	vmovdqu64	(%rdi), %zmm6
	vmovdqa64	%zmm6, 0(%rsp)
	vmovdqa64	64(%rsp), %zmm15
	movq	%rbx, %rax
	vzeroupper
.ctasm_ret
.ctasm_endproc

# Local function, 32-byte aligned, two returns.
.ctasm_proc	demo_align32_local, align=32, frame=32
	vmovdqa	%ymm0, (%rsp)
	testq	%rdi, %rdi
	jz	.Lfr_zero
	vzeroupper
.ctasm_ret
.Lfr_zero:
	xorl	%eax, %eax
	vzeroupper
.ctasm_ret
.ctasm_endproc
