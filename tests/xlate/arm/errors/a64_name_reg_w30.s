// expect: is a register name
.ctasm_text
.ctasm_proc w30, global
	.ctasm_ret
.ctasm_endproc
