// expect: is out of range
.ctasm_rodata
	.byte	255, 256
