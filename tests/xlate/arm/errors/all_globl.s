// expect: is not part of the dialect: use
.ctasm_text
	.globl f
