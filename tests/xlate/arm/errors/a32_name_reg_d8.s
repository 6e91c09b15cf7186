// expect: is a register name
.ctasm_text
.ctasm_proc d8, global
	.ctasm_ret
.ctasm_endproc
