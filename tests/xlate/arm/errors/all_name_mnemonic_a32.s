// expect: is an instruction mnemonic
.ctasm_text
.ctasm_proc vtbl
	.ctasm_ret
.ctasm_endproc
