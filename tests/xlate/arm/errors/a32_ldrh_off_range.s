// expect: operands do not match any form
.ctasm_text
.ctasm_proc f
	ldrh	r1, [r0, #-256]
	.ctasm_ret
.ctasm_endproc
