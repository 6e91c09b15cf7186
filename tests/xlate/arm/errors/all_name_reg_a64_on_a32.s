// expect: is a register name
.ctasm_text
.ctasm_proc x1, global
	.ctasm_ret
.ctasm_endproc
