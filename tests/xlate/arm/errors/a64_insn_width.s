// expect: operands do not match any form of add
.ctasm_text
.ctasm_proc f
	add	x0, w1, x2
	.ctasm_ret
.ctasm_endproc
