// expect: .p2align needs a small log2 count (plain decimal 0..12)
// At most a page on both translators (ARM took up to 2^16).
.ctasm_rodata
.p2align 13
.Lk:	.word	1
