// expect: operands do not match any form of ldur
.ctasm_text
.ctasm_proc f
	ldur	x0, [x1, #8]!
	.ctasm_ret
.ctasm_endproc
