// expect: the translator's job
.ctasm_text
	.globl f
