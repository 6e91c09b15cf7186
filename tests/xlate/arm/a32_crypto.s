@ .ctasm_arch_ext aes: AArch32 crypto instructions on linux32 (bracketed by
@ .arch/.fpu) and ios32 (encoded as .inst words); every register field used.
.ctasm_arch_ext	aes
.ctasm_text
.ctasm_proc	crypto_round, global, vsave=d14-d15
	vld1.8	{d0-d1}, [r1]
	vld1.8	{d2-d3}, [r2]
	aese.8	q0, q1
	aesmc.8	q0, q0		@ one run: one bracket
	aesd.8	q15, q8
	aesimc.8	q9, q7
.Lmid:
	vmull.p64	q2, d0, d1
	vmull.p64	q14, d31, d17
	vmull.p8	q3, d0, d1	@ 8-bit polynomial multiply: base NEON
	vst1.8	{d0-d1}, [r0]
	.ctasm_ret
.ctasm_endproc
