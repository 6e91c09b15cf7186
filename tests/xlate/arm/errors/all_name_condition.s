// expect: is an operand keyword
.ctasm_text
.ctasm_proc eq
	.ctasm_ret
.ctasm_endproc
