# Integer instructions: suffixes, extensions, cc forms, shifts, memory forms, indirect.
.ctasm_text
.ctasm_proc	demo_gpr, global, args=2, save=rbx, frame=16
	movq	%rdi, %rax
	movq	$-1, 8(%rsp)
	movl	$0x10, (%rdi,%rsi,4)
	movb	$7, -3(%rdi)
	movw	%ax, 2(%rsi)
	movabsq	$0x0123456789abcdef, %r10
	movzbl	(%rsi), %ecx
	movzbl	%al, %eax
	movzwq	%cx, %rcx
	movsbq	%dil, %r8
	movslq	%esi, %r9
	addq	%rsi, %rax
	adcq	$0, %rdx
	subl	$16, %ecx
	sbbq	%r11, %r11
	xorl	%r10d, %r10d
	orb	$0x80, %bl
	notq	%rbx
	negl	%eax
	incq	%rsi
	decl	%ecx
	cmpq	%rsi, %rdi
	testl	$1, %eax
	testq	%rax, (%rsi)
	shlq	$4, %rax
	shrq	%rax
	sarl	%cl, %edx
	sarq	%cl, (%rdi)
	shldq	%cl, %rax, (%rdi)
	rolq	$5, %rbx
	rorl	$7, 12(%rdi)
	shldq	$3, %rax, %rdx
	bswapq	%rbx
	bswap	%ecx
	mulq	%rsi
	imulq	%rsi, %rdi
	imulq	$3, %rsi, %rdi
	xchgq	%rax, %rdx
	leaq	.Lgpr_tbl(%rip), %rax
	leaq	8(%rax,%rcx,8), %rdx
	leal	(%rax,%rax,2), %eax
	cmovbq	%rsi, %rdi
	cmovnel	%eax, %ecx
	cmovl	%eax, %ecx
	cmovge	%rax, %rcx
	setb	%al
	setnbe	%dl
	sete	(%rdi)
	call	*%rax
	call	*16(%rdi)
	cltq
	cqto
	nop
	nopl	0(%rax)
	lfence
	ja	.Lgpr_tbl
	jmp	.Lgpr_tbl
.Lgpr_tbl:
.ctasm_ret
.ctasm_endproc
