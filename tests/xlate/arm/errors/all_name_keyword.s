// expect: is an operand keyword
.ctasm_text
.ctasm_proc lsl
	.ctasm_ret
.ctasm_endproc
