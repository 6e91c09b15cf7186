// expect: is a register name
.ctasm_text
.ctasm_proc lr, global
	.ctasm_ret
.ctasm_endproc
