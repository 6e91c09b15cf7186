// expect: is a register name
.ctasm_text
.ctasm_proc v1, global
	.ctasm_ret
.ctasm_endproc
