// expect: is not a power of two
.ctasm_rodata
	.balign	016
