# expect: .long before any section directive: tables only after .ctasm_rodata on x86_64
# Data before any section directive lands in the assembler's default .text.
.Lk:
	.long	1,2,3,4
