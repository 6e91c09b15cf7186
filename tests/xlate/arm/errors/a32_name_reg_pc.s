// expect: is a register name
.ctasm_text
.ctasm_proc pc, global
	.ctasm_ret
.ctasm_endproc
