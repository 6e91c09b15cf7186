// expect: is a register name
.ctasm_text
.ctasm_proc ip, global
	.ctasm_ret
.ctasm_endproc
