// expect: rank differently
.ctasm_rodata
	.long	1|2&3
