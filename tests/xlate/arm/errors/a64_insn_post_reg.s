// expect: operands do not match any form of ldr
.ctasm_text
.ctasm_proc f
	ldr	x0, [x1], x2
	.ctasm_ret
.ctasm_endproc
