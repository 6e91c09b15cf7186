// expect: octal-looking number
.ctasm_rodata
	.long	1, 010
