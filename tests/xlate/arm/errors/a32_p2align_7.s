// expect: .p2align 7: at most 64 bytes on ARMv7
// The same cap whatever the directive (.p2align counts log2).
.ctasm_rodata
.p2align 7
.Lk:	.word	1
