# AVX2 and AVX-512: ymm/zmm, opmasks {%kN}, zeroing {z}, embedded broadcast {1toN},
# opmask instructions, IFMA, VAES/VPCLMULQDQ on ymm/zmm, BMI2/ADX.
.ctasm_text
.ctasm_proc	demo_avx512, global, save=rbx
	vpternlogd	$0x96, %zmm2, %zmm1, %zmm0
	vpternlogd	$0x96, (%rax){1to16}, %zmm1, %zmm0{%k1}{z}
	vprold	$7, %zmm1, %zmm0
	vprolq	$7, (%rax){1to8}, %zmm0
	vpxord	%zmm1, %zmm2, %zmm3{%k2}
	vpxorq	64(%rax), %zmm2, %zmm3
	vpxord	(%rax){1to16}, %zmm2, %zmm3
	vpxorq	(%rax){1to4}, %ymm2, %ymm3
	vmovdqu8	(%rsi), %zmm0{%k1}{z}
	vmovdqu8	%zmm0, (%rdi){%k1}
	vmovdqu16	%ymm1, %ymm2{%k3}
	vmovdqu32	(%rsi), %zmm0
	vmovdqu64	%zmm0, 64(%rdi)
	vmovdqa32	%zmm0, %zmm1
	vmovdqa64	(%rsi), %zmm7
	vshufi64x2	$0x4e, %zmm1, %zmm2, %zmm3
	vshufi32x4	$0, (%rax), %zmm2, %zmm3
	vextracti32x4	$1, %zmm1, %xmm2
	vextracti32x4	$3, %zmm1, (%rax)
	vinserti64x4	$1, %ymm1, %zmm2, %zmm3
	vinserti64x4	$1, (%rax), %zmm2, %zmm3
	kmovd	%eax, %k1
	kmovq	%k1, %rax
	kmovw	%k1, %k2
	kmovw	(%rax), %k2
	kmovd	%k2, (%rax)
	vpermi2q	%zmm1, %zmm2, %zmm3
	vpermt2q	(%rax), %zmm2, %zmm3
	vpmadd52luq	%zmm1, %zmm2, %zmm3
	vpmadd52huq	(%rax){1to8}, %zmm2, %zmm3
	vaesenc	%zmm1, %zmm2, %zmm3
	vaesenclast	(%rax), %ymm2, %ymm3
	vpclmulqdq	$0x11, %zmm1, %zmm2, %zmm3
	vpclmulqdq	$0x00, (%rax), %ymm2, %ymm3
	vpbroadcastd	%xmm1, %zmm2
	vpbroadcastd	%eax, %zmm2
	vpbroadcastq	(%rax), %zmm2
	vpbroadcastq	%rax, %ymm2{%k1}{z}
	mulxq	%rax, %rbx, %rcx
	mulx	(%rax), %rbx, %rcx
	adcxq	%rax, %rbx
	adoxq	(%rax), %rbx
	vpaddd	%zmm1, %zmm2, %zmm3
	vpaddq	(%rax){1to8}, %zmm2, %zmm3
	vpsrlq	$32, %zmm1, %zmm2
	vpshufb	%zmm1, %zmm2, %zmm3
	vmovdqu	(%rsi), %ymm0
	vzeroupper
	vpxorq	%zmm16, %zmm31, %zmm17
	vmovdqu64	-128(%rbx,%rcx,8), %zmm20{%k7}
	vpcmpud	$1, %zmm1, %zmm2, %k3{%k4}
	vpblendmq	%zmm1, %zmm2, %zmm3{%k1}
	vpshldq	$13, %zmm1, %zmm2, %zmm3
	kortestw	%k1, %k2
	kshiftrq	$8, %k1, %k2
	kandw	%k1, %k2, %k3
	vpbroadcastd	.Lavx_k(%rip), %zmm5
	vpxord	.Lavx_k(%rip){1to16}, %zmm5, %zmm6
	vpbroadcastq	%xmm1, %ymm2
	vperm2i128	$0x20, %ymm1, %ymm2, %ymm3
	vpermq	$0x4e, %ymm1, %ymm2
	vpsrldq	$8, %zmm1, %zmm2
	vpunpcklqdq	%zmm1, %zmm2, %zmm3
	vgf2p8affineqb	$0x63, %zmm1, %zmm2, %zmm3
	# memory forms whose size nasm must infer from the mnemonic and registers
	vpmovzxbq	(%rax), %zmm0
	pmovzxbq	(%rdi), %xmm0
	vpbroadcastb	(%rax), %ymm0
	vinserti128	$1, (%rax), %ymm2, %ymm3
	vextracti128	$1, %ymm3, (%rax)
	pinsrb	$0, (%rax), %xmm1
	pextrb	$0, %xmm1, (%rax)
	vbroadcastss	(%rax), %ymm0
	vpexpandd	(%rax), %zmm0{%k1}
	vpcompressd	%zmm0, (%rax){%k1}
	vpermq	$0x4e, (%rax), %ymm2
	vpsllq	$1, (%rax), %zmm1
	vpsrldq	$8, (%rax), %zmm2
	vpcmpud	$1, (%rax){1to16}, %zmm2, %k3
	vptestmd	(%rax){1to16}, %zmm1, %k1
	vpternlogq	$0x96, (%rax){1to4}, %ymm1, %ymm0
	vpshufb	(%rax), %zmm1, %zmm2
	vgf2p8affineqb	$0, (%rax){1to8}, %zmm1, %zmm2
	vpmadd52luq	(%rax){1to2}, %xmm1, %xmm2
	vaesenc	(%rax), %zmm1, %zmm2
	vpclmulqdq	$0, (%rax), %zmm1, %zmm2
	kmovq	(%rax), %k1
	kmovb	%k1, (%rax)
	vmovq	(%rax), %xmm16
	vmovd	%xmm16, (%rax)
	vpextrq	$1, %xmm16, (%rax)
	vpinsrq	$1, (%rax), %xmm16, %xmm17
	vzeroupper
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.ctasm_align	64
.Lavx_k:
	.long	1, 2, 3, 4
