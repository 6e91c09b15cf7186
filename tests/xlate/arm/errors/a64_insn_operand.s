// expect: cannot read operand
.ctasm_text
.ctasm_proc f
	add	x0, x1, [x2
	.ctasm_ret
.ctasm_endproc
