// expect: needs a power-of-two byte count
.ctasm_rodata
	.balign	016
