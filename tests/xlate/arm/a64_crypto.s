// .ctasm_arch_ext aes: the AES and 64-bit polynomial multiply instructions on
// every AArch64 flavour (one spelling of the directive per flavour).
.ctasm_arch_ext	aes
.ctasm_text
.ctasm_proc	crypto_round, global
	ld1	{v0.16b}, [x1]
	ld1	{v1.16b}, [x2]
	aese	v0.16b, v1.16b
	aesmc	v0.16b, v0.16b
	aesd	v0.16b, v1.16b
	aesimc	v0.16b, v0.16b
	pmull	v2.1q, v0.1d, v1.1d
	pmull2	v3.1q, v0.2d, v1.2d
	pmull	v4.8h, v0.8b, v1.8b	// 8-bit polynomial multiply: base NEON
	st1	{v0.16b}, [x0]
	.ctasm_ret
.ctasm_endproc
