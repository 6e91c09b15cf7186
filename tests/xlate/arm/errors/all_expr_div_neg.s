// expect: non-negative operands
.ctasm_rodata
	.long	-7/2
