// expect: decimal 0..16
.ctasm_rodata
	.p2align	010
