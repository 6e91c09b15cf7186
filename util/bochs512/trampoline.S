/* SPDX-License-Identifier: Apache-2.0
 * SysV call into ctasm_abi_test_wide (or the function bx_sysv_target names:
 * chacha_aead.c points it at the ChaCha20-Poly1305 ones and back) with canaries
 * in every callee-saved GPR:
 *
 *   uint64_t bx_call_wide(const uint64_t arg[8], uint64_t skew,
 *                         struct bx_regs *regs, uint64_t step);
 *
 * arg[0..5] go in rdi rsi rdx rcx r8 r9, arg[6] and arg[7] in the two stack words
 * at the call. The call's rsp is (64-aligned) - skew - 16, so skew 0/16/32/48 gives
 * the callee every 16-aligned residue mod 64. regs (wide.c struct bx_regs):
 *   0..40 in: rbx rbp r12 r13 r14 r15 loaded before the call
 *   48..88 out: the same six after the return
 *   96 rsp at the call, 104 rsp after the return, 112 rflags after the return,
 *   120 rax.
 * step != 0 sets the trap flag with the popfq right before the call: the first
 * #DB comes at the callee's first instruction and wide.c's handler clears TF
 * when it sees bx_wide_ret. */
	.text
	.globl	bx_call_wide
	.globl	bx_wide_ret
bx_call_wide:
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	movq	%rsp, host_rsp(%rip)
	movq	%rdx, regs_ptr(%rip)
	movq	%rcx, %r10
	andq	$-64, %rsp
	subq	%rsi, %rsp
	subq	$16, %rsp
	movq	48(%rdi), %rax
	movq	%rax, 0(%rsp)
	movq	56(%rdi), %rax
	movq	%rax, 8(%rsp)
	movq	%rsp, 96(%rdx)
	movq	0(%rdx), %rbx
	movq	8(%rdx), %rbp
	movq	16(%rdx), %r12
	movq	24(%rdx), %r13
	movq	32(%rdx), %r14
	movq	40(%rdx), %r15
	movq	8(%rdi), %rsi
	movq	24(%rdi), %rcx
	movq	32(%rdi), %r8
	movq	40(%rdi), %r9
	movq	16(%rdi), %rdx
	movq	0(%rdi), %rdi
	xorl	%eax, %eax
	testq	%r10, %r10
	jz	1f
	pushfq
	orq	$0x100, (%rsp)
	popfq
1:	call	*bx_sysv_target(%rip)
bx_wide_ret:
	movq	regs_ptr(%rip), %r10
	movq	%rsp, 104(%r10)
	movq	%rbx, 48(%r10)
	movq	%rbp, 56(%r10)
	movq	%r12, 64(%r10)
	movq	%r13, 72(%r10)
	movq	%r14, 80(%r10)
	movq	%r15, 88(%r10)
	movq	%rax, 120(%r10)
	pushfq
	popq	112(%r10)
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
	.globl	bx_sysv_target
bx_sysv_target: .quad ctasm_abi_test_wide

	.bss
	.p2align 3
host_rsp: .skip 8
regs_ptr: .skip 8
