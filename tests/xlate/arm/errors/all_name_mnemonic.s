// expect: is an instruction mnemonic
.ctasm_text
.ctasm_proc eor
	.ctasm_ret
.ctasm_endproc
