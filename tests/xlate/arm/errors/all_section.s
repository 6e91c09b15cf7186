// expect: is not part of the dialect: use
	.section .data
