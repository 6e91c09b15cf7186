// expect: only + and - may combine symbols
.ctasm_rodata
.La:
	.long	.La<<2
