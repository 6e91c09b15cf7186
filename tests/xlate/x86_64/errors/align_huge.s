# expect: .ctasm_align needs a power-of-two byte count (plain decimal, at most 4096)
# At most a page on both translators (x86_64 took any power of two).
.ctasm_rodata
.ctasm_align 8192
.Lk:	.long	1
