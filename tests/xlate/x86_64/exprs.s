# Constant expressions are evaluated by the translator (C precedence) and written as
# one number, the same on every flavour; literals stay as written; around symbols
# only + and - remain.
.ctasm_text
.ctasm_proc	demo_exprs, global, args=1, frame=32
	movl	$(1+2)<<3, %eax
	movl	$1+(2<<3), %ecx
	movl	$2+3*4, %edx
	movq	$-(1<<40), %r8
	movl	$~0xff, %r9d
	movl	$0x10|0x01, %r10d
	movq	%rax, 4*4(%rsp)
	movq	(2*4)+8(%rsp), %rax
	movdqa	.Lex_k+16*1(%rip), %xmm0
	leaq	.Lex_k-8+(3*8)(%rip), %rax
	movl	$.Lex_end-.Lex_k, %eax
# if 1   (a comment, never a preprocessor line in the output)
	movl	$0xffffffff, %eax
	addq	$-2147483648, %rax
	movq	$0x8000000000000000, %rax
	pshufd	$255, %xmm0, %xmm1
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.ctasm_align	16
.Lex_k:
	.long	1<<31, (1<<4)|3, 255&~15, 7*6
	.quad	-1, 0xffffffffffffffff, (1<<63)
	.byte	-128, 255, 0x7f+1
	.long	.Lex_end-.Lex_k
.Lex_end:
