/* SPDX-License-Identifier: Apache-2.0
 * Win64 call into the NASM build of ctasm_abi_test_wide (converted to ELF as
 * win64_ctasm_abi_test_wide by run.py), or of the function bx_win_target names
 * (chacha_win.c points it at the ChaCha20-Poly1305 ones and back), canaries in
 * every Win64 callee-saved register: rbx rbp rdi rsi r12-r15 and xmm6-xmm15.
 *
 *   uint64_t bx_call_wide_win(const uint64_t arg[8], uint64_t skew,
 *                             struct bx_regs_win *regs, uint64_t step);  (SysV caller)
 *
 * arg[0..3] in rcx rdx r8 r9; the call's stack: 32-byte home area, then arg[4..7]
 * at 32..56(%rsp). The call's rsp is (64-aligned) - skew - 64. regs (wide_win.c):
 *   0 in: rbx rbp rdi rsi r12 r13 r14 r15, 64 out: the same eight,
 *   128 in: xmm6..xmm15 (16 bytes each), 288 out: xmm6..xmm15,
 *   448 rsp at the call, 456 rsp after the return, 464 rflags after, 472 rax.
 * step != 0: the trap flag is set by the popfq right before the call, as in
 * trampoline.S; wide_win.c's #DB handler clears it at bx_win_ret. */
	.text
	.globl	bx_call_wide_win
	.globl	bx_win_ret
bx_call_wide_win:
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	movq	%rsp, host_rsp(%rip)
	movq	%rdx, regs_ptr(%rip)
	movq	%rcx, step_flag(%rip)
	movq	%rdi, %r10
	movq	%rdx, %r11
	andq	$-64, %rsp
	subq	%rsi, %rsp
	subq	$64, %rsp
	movq	$0x4040404040404040, %rax	/* home area: junk the callee may overwrite */
	movq	%rax, 0(%rsp)
	movq	%rax, 8(%rsp)
	movq	%rax, 16(%rsp)
	movq	%rax, 24(%rsp)
	movq	32(%r10), %rax
	movq	%rax, 32(%rsp)
	movq	40(%r10), %rax
	movq	%rax, 40(%rsp)
	movq	48(%r10), %rax
	movq	%rax, 48(%rsp)
	movq	56(%r10), %rax
	movq	%rax, 56(%rsp)
	movq	%rsp, 448(%r11)
	movdqu	128(%r11), %xmm6
	movdqu	144(%r11), %xmm7
	movdqu	160(%r11), %xmm8
	movdqu	176(%r11), %xmm9
	movdqu	192(%r11), %xmm10
	movdqu	208(%r11), %xmm11
	movdqu	224(%r11), %xmm12
	movdqu	240(%r11), %xmm13
	movdqu	256(%r11), %xmm14
	movdqu	272(%r11), %xmm15
	movq	0(%r11), %rbx
	movq	8(%r11), %rbp
	movq	16(%r11), %rdi
	movq	24(%r11), %rsi
	movq	32(%r11), %r12
	movq	40(%r11), %r13
	movq	48(%r11), %r14
	movq	56(%r11), %r15
	movq	0(%r10), %rcx
	movq	8(%r10), %rdx
	movq	16(%r10), %r8
	movq	24(%r10), %r9
	xorl	%eax, %eax
	testq	$1, step_flag(%rip)
	jz	1f
	pushfq
	orq	$0x100, (%rsp)
	popfq
1:	call	*bx_win_target(%rip)
bx_win_ret:
	movq	regs_ptr(%rip), %r11
	movq	%rsp, 456(%r11)
	movq	%rbx, 64(%r11)
	movq	%rbp, 72(%r11)
	movq	%rdi, 80(%r11)
	movq	%rsi, 88(%r11)
	movq	%r12, 96(%r11)
	movq	%r13, 104(%r11)
	movq	%r14, 112(%r11)
	movq	%r15, 120(%r11)
	movdqu	%xmm6, 288(%r11)
	movdqu	%xmm7, 304(%r11)
	movdqu	%xmm8, 320(%r11)
	movdqu	%xmm9, 336(%r11)
	movdqu	%xmm10, 352(%r11)
	movdqu	%xmm11, 368(%r11)
	movdqu	%xmm12, 384(%r11)
	movdqu	%xmm13, 400(%r11)
	movdqu	%xmm14, 416(%r11)
	movdqu	%xmm15, 432(%r11)
	movq	%rax, 472(%r11)
	pushfq
	popq	464(%r11)
	cld
	movq	host_rsp(%rip), %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	ret

	.data
	.p2align 3
	.globl	bx_win_target
bx_win_target: .quad win64_ctasm_abi_test_wide

	.bss
	.p2align 3
host_rsp: .skip 8
regs_ptr: .skip 8
step_flag: .skip 8
