// expect: neither a .L label nor a function of this file
.ctasm_rodata
	.quad	memcpy
