// expect: operands do not match any form of add
.ctasm_text
.ctasm_proc f
	add	x0, xzr, #1
	.ctasm_ret
.ctasm_endproc
