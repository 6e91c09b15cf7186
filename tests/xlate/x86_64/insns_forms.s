# One line per operand form family of perlasm/xlate/X86_64/Forms.pm beyond the other
# insns_* snippets: gas and nasm must encode each the same (run_golden_x86_64.py).
.ctasm_text
.ctasm_proc	demo_forms, global, save=rbx
	mpsadbw	$1, %xmm0, %xmm1
	vmpsadbw	$1, %ymm0, %ymm1, %ymm2
	phminposuw	%xmm0, %xmm1
	pcmpistri	$0, %xmm0, %xmm1
	vpcmpistri	$0, (%rdi), %xmm1
	vpminuq	%zmm0, %zmm1, %zmm2
	vpabsq	(%rdi), %zmm1
	vpcmpeqb	%zmm0, %zmm1, %k1
	vpcmpeqd	(%rdi), %ymm1, %k2{%k1}
	vpsrldq	$8, %ymm0, %ymm1
	vpsrldq	$8, (%rdi), %zmm1
	vpalignr	$8, %zmm0, %zmm1, %zmm2
	vpblendd	$3, %ymm0, %ymm1, %ymm2
	vperm2i128	$0x20, %ymm0, %ymm1, %ymm2
	vpermq	$0x4e, %ymm0, %ymm1
	vpermq	%zmm0, %zmm1, %zmm2
	vpermd	%ymm0, %ymm1, %ymm2
	vpsrlq	%xmm3, %ymm1, %ymm2
	vpsraq	$3, %zmm1, %zmm2
	vpmovzxbw	%xmm0, %ymm1
	vpmovzxbw	%ymm0, %zmm1
	vpmovmskb	%ymm0, %eax
	vmovd	%xmm0, %eax
	vmovq	%xmm0, %xmm1
	vpinsrq	$1, %rax, %xmm1, %xmm2
	vpextrd	$1, %xmm17, %eax
	vpblendvb	%ymm3, (%rdi), %ymm1, %ymm2
	vmovss	(%rdi), %xmm0
	vmovss	%xmm0, %xmm1, %xmm2
	vmovhps	(%rdi), %xmm1, %xmm2
	kshiftrw	$3, %k1, %k2
	kortestw	%k1, %k2
	kunpckbw	%k1, %k2, %k3
	kmovd	%eax, %k1
	kmovq	%rax, %k1
	vpbroadcastb	%eax, %zmm1
	vbroadcasti32x4	(%rdi), %zmm1
	vbroadcasti128	(%rdi), %ymm1
	vpcompressd	%zmm0, (%rdi){%k1}
	vpexpandq	(%rdi), %zmm0{%k1}{z}
	vpcmpuq	$1, %zmm0, %zmm1, %k1
	vptestmq	%zmm0, %zmm1, %k1
	vpmaskmovd	(%rdi), %ymm1, %ymm2
	vpmaskmovd	%ymm2, %ymm1, (%rdi)
	sha256rnds2	%xmm1, %xmm2
	sha1rnds4	$1, %xmm1, %xmm2
	vextracti64x4	$1, %zmm0, %ymm1
	vinserti32x8	$1, (%rdi), %zmm1, %zmm2
	vshufi32x4	$0, %ymm0, %ymm1, %ymm2
	valignq	$1, %zmm0, %zmm1, %zmm2
	vpshldq	$3, %zmm0, %zmm1, %zmm2
	vpshldvd	%zmm0, %zmm1, %zmm2
	gf2p8affineqb	$0, %xmm0, %xmm1
	vgf2p8affineqb	$0, %zmm0, %zmm1, %zmm2
	vgf2p8mulb	%ymm0, %ymm1, %ymm2
	pblendvb	%xmm0, %xmm1
	aeskeygenassist	$1, %xmm0, %xmm1
	vaeskeygenassist	$1, %xmm0, %xmm1
	vaesimc	%xmm0, %xmm1
	vptest	%ymm0, %ymm1
	vinsertps	$0x10, %xmm0, %xmm1, %xmm2
	vlddqu	(%rdi), %ymm0
	vmovntdq	%ymm0, (%rdi)
	vmovntdqa	(%rdi), %zmm0
	extractps	$1, %xmm0, %eax
	vpextrb	$1, %xmm0, %rax
	vpinsrb	$1, %eax, %xmm1, %xmm2
	vpinsrw	$1, (%rdi), %xmm1, %xmm2
	vpsadbw	%zmm0, %zmm1, %zmm2
	vpmuludq	%zmm0, %zmm1, %zmm2
	vpunpcklqdq	%zmm0, %zmm1, %zmm2
	vpshufd	$0x4e, (%rdi), %zmm1
	vpsrld	$7, %zmm0, %zmm1
	vpslld	%xmm2, %zmm0, %zmm1
	vpxorq	%ymm16, %ymm17, %ymm18
	vmovdqu64	%zmm0, (%rdi){%k1}
	andnq	%rax, %rbx, %rcx
	andnq	(%rdi), %rbx, %rcx
	bzhiq	%rax, (%rdi), %rcx
	sarxq	%rax, %rbx, %rcx
	shrxl	%eax, %ebx, %ecx
	rorxq	$3, (%rdi), %rax
	blsiq	%rax, %rbx
	movbeq	(%rdi), %rax
	movbeq	%rax, (%rdi)
	bextrl	%eax, %ebx, %ecx
	mulq	(%rdi)
	adcq	$0, %r10
	cmovcq	%rax, %rbx
	shrdq	$2, %r11, %r10
	testq	%rax, (%rdi)
	xchgq	(%rdi), %rax
	xaddq	%rax, (%rdi)
	cmpxchgq	%rax, (%rdi)
	bsfq	(%rdi), %rax
	lzcntl	%eax, %ebx
	tzcntq	%rax, %rbx
	popcntw	%ax, %bx
	bts	%rax, (%rdi)
	imulq	(%rdi), %rax
	imulq	$3, (%rdi), %rax
	imulq	%rbx
	rolw	$3, %ax
	leal	(%rdi,%rsi), %eax
	leaw	(%rdi), %ax
	nopl	(%rax)
	prefetcht0	(%rdi)
	clflush	(%rdi)
	setnzb	(%rdi)
	cmovnel	%eax, %ebx
	vzeroupper
.ctasm_ret
.ctasm_endproc
