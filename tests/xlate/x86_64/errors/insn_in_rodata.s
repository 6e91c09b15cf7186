# expect: instruction outside .ctasm_text
.ctasm_rodata
	nop
