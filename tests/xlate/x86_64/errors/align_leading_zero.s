# expect: .ctasm_align needs a power-of-two byte count (plain decimal
# Alignments are plain decimal on both translators (x86_64 read 016 as 16).
.ctasm_rodata
.ctasm_align 016
.Lk:	.long	1
