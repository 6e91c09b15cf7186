// expect: operands do not match any form
.ctasm_text
.ctasm_proc f
	ldr	r1, [r0, #4096]
	.ctasm_ret
.ctasm_endproc
