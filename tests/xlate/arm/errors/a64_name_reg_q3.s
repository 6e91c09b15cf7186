// expect: is a register name
.ctasm_text
.ctasm_proc q3, global
	.ctasm_ret
.ctasm_endproc
