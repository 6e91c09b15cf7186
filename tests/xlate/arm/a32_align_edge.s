@ The largest ARMv7 alignment, 64 bytes: GNU as and clang pad it alike (nops after
@ code); above it they differ and the translator refuses (errors/a32_align_128_text.s).
.ctasm_text
.ctasm_proc a32_align_edge
	adr	r0, .Lk
	bx	lr
.ctasm_endproc
.ctasm_align 64
.Lk:	.word	1, 2
.ctasm_rodata
.p2align 6
.Lk2:	.word	3
