# AVX-512 down-converting moves, EVEX rounding/sae and SSE4.2 crc32 (Forms.pm, Insns.pm):
# each line assembled by gas (elf) and nasm and compared.
.ctasm_text
.ctasm_proc	ctasm_insns_convert, global, args=2
	vpmovqd	%zmm1, %ymm2
	vpmovqd	%ymm1, %xmm2
	vpmovqd	%xmm1, %xmm2
	vpmovqd	%zmm1, (%rdi)
	vpmovqd	%zmm1, 32(%rdi){%k1}
	vpmovqd	%zmm1, %ymm2{%k1}{z}
	vpmovsqd	%zmm3, %ymm4
	vpmovusqd	%ymm3, %xmm4
	vpmovdw	%zmm1, %ymm17
	vpmovsdw	%zmm1, (%rdi,%rsi,2)
	vpmovusdw	%xmm1, %xmm2
	vpmovwb	%zmm1, %ymm2
	vpmovswb	%ymm1, %xmm2
	vpmovuswb	%zmm1, (%rdi)
	vpmovdb	%zmm1, %xmm2
	vpmovsdb	%ymm1, %xmm2
	vpmovusdb	%zmm1, (%rdi)
	vpmovqw	%zmm1, %xmm2
	vpmovsqw	%ymm1, (%rdi)
	vpmovusqw	%xmm1, %xmm2
	vpmovqb	%zmm1, %xmm2
	vpmovsqb	%zmm1, (%rdi){%k2}
	vpmovusqb	%ymm1, %xmm2
	vaddps	{rn-sae}, %zmm1, %zmm2, %zmm3
	vaddpd	{rd-sae}, %zmm1, %zmm2, %zmm3{%k1}
	vsubps	{ru-sae}, %zmm1, %zmm2, %zmm3{%k1}{z}
	vmulpd	{rz-sae}, %zmm17, %zmm2, %zmm30
	vdivps	{rn-sae}, %zmm1, %zmm2, %zmm3
	vmaxps	{sae}, %zmm1, %zmm2, %zmm3
	vminpd	{sae}, %zmm1, %zmm2, %zmm3{%k3}
	vdivpd	%zmm1, %zmm2, %zmm3
	vmaxps	(%rdi), %ymm2, %ymm3
	crc32b	%al, %eax
	crc32b	%sil, %r8d
	crc32b	(%rdi), %eax
	crc32b	%cl, %rax
	crc32w	%ax, %eax
	crc32w	2(%rdi), %r9d
	crc32l	%esi, %eax
	crc32l	(%rdi,%rsi,4), %eax
	crc32q	%rsi, %rax
	crc32q	(%rdi), %r10
	vzeroupper
.ctasm_ret
.ctasm_endproc
