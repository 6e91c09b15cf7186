// expect: .ctasm_align needs a power-of-two byte count (plain decimal, at most 4096)
// At most a page on both translators (ARM took up to 65536).
.ctasm_rodata
.ctasm_align 8192
.Lk:	.word	1
