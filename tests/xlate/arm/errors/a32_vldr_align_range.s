// expect: operands do not match any form
.ctasm_text
.ctasm_proc f
	vldr	d0, [r0, #6]
	.ctasm_ret
.ctasm_endproc
