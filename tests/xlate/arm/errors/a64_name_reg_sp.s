// expect: is a register name
.ctasm_text
.ctasm_proc sp, global
	.ctasm_ret
.ctasm_endproc
