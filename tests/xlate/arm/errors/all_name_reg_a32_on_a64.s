// expect: is a register name
.ctasm_text
.ctasm_proc r1, global
	.ctasm_ret
.ctasm_endproc
