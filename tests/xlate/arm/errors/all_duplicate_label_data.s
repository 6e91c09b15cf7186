// expect: label .La defined twice
.ctasm_rodata
.La:
	.long	1
.La:
	.long	2
