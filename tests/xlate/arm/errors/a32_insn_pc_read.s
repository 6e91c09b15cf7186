// expect: operands do not match any form of add
.ctasm_text
.ctasm_proc f
	add	r0, pc, #8
	.ctasm_ret
.ctasm_endproc
