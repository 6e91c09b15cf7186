// expect: needs a small log2 count (plain decimal 0..12)
.ctasm_rodata
	.p2align	010
