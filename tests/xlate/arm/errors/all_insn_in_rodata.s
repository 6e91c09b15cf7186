// expect: instruction in .ctasm_rodata
.ctasm_rodata
	nop
