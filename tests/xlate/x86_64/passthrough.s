# OpenSSL-style directives kept for convenience: .globl/.type/.size/.cfi_*/.align/.section.
.text
.globl	demo_plain
.type	demo_plain,@function
.align	16
demo_plain:
	.cfi_startproc
	pushq	%rbx
	.cfi_adjust_cfa_offset	8
	.cfi_offset	%rbx,-16
	movl	$3, %eax ; addl $4, %eax   # two statements on one line
	popq	%rbx
	.cfi_adjust_cfa_offset	-8
	.cfi_restore	%rbx
	ret
	.cfi_endproc
.size	demo_plain,.-demo_plain
.section	.rodata
.p2align	4
.Lpass_k:
	.long	1,2,3,4
