// expect: instruction outside .ctasm_proc
.ctasm_text
	nop
