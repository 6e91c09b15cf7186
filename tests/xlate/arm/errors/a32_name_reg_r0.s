// expect: is a register name
.ctasm_text
.ctasm_proc r0, global
	.ctasm_ret
.ctasm_endproc
