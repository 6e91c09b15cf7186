# SSE2..SSE4.1, AES-NI, PCLMUL and AVX2 forms: operand order and memory operands.
.ctasm_text
.ctasm_proc	demo_simd, global, args=3
	movdqa	.Lsimd_k(%rip), %xmm0
	movdqa	.Lsimd_k+16(%rip), %xmm1
	movdqu	(%rdi), %xmm2
	movdqu	%xmm2, 16(%rsi,%rdx,1)
	movaps	%xmm0, %xmm3
	movups	-16(%rdi), %xmm4
	pshufb	%xmm1, %xmm2
	pshufb	.Lsimd_k(%rip), %xmm2
	palignr	$15, %xmm0, %xmm1
	pshufd	$0x93, %xmm1, %xmm5
	pxor	%xmm5, %xmm4
	pand	%xmm0, %xmm4
	pandn	%xmm1, %xmm4
	por	%xmm4, %xmm3
	psrld	$4, %xmm3
	psrldq	$8, %xmm3
	pslldq	$1, %xmm3
	psllq	$63, %xmm3
	psraw	$1, %xmm3
	paddd	%xmm1, %xmm3
	psubq	%xmm1, %xmm3
	punpcklqdq	%xmm1, %xmm3
	punpckhbw	%xmm1, %xmm3
	pcmpeqd	%xmm1, %xmm3
	pcmpgtb	%xmm1, %xmm3
	pmovmskb	%xmm3, %eax
	movd	%eax, %xmm1
	movd	%xmm1, %ecx
	movq	%rax, %xmm1
	movq	%xmm1, %rax
	movq	(%rdi), %xmm1
	movq	%xmm1, 8(%rsi)
	pextrd	$1, %xmm1, %eax
	pinsrd	$3, (%rdi), %xmm1
	pextrq	$1, %xmm1, %rax
	pinsrb	$0, %eax, %xmm1
	ptest	%xmm1, %xmm1
	pmulld	%xmm0, %xmm1
	pmuludq	%xmm0, %xmm1
	pblendw	$0xf0, %xmm0, %xmm1
	shufps	$0x4e, %xmm0, %xmm1
	aesenc	%xmm0, %xmm1
	aesenclast	(%rdi), %xmm1
	aesdec	%xmm0, %xmm1
	aeskeygenassist	$1, %xmm0, %xmm1
	pclmulqdq	$0x11, %xmm0, %xmm1
	vpxor	%ymm0, %ymm1, %ymm2
	vpshufb	.Lsimd_k(%rip), %ymm2, %ymm3
	vpalignr	$8, %ymm1, %ymm2, %ymm3
	vpermq	$0x4e, %ymm3, %ymm3
	vperm2i128	$0x20, %ymm1, %ymm2, %ymm3
	vinserti128	$1, %xmm1, %ymm2, %ymm3
	vextracti128	$1, %ymm3, %xmm1
	vpbroadcastd	(%rdi), %ymm4
	vbroadcasti128	(%rdi), %ymm4
	vmovdqu	%ymm4, (%rsi)
	vpsrld	$4, %ymm4, %ymm5
	vpaddd	%ymm5, %ymm4, %ymm4
	vzeroupper
.ctasm_ret
.ctasm_endproc

.ctasm_rodata
.ctasm_align	64
.Lsimd_k:
	.byte	15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0
	.byte	0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
