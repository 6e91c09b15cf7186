// expect: the translator's job
	.section .data
