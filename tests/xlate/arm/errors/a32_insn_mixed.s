// expect: operands do not match any form of veor
.ctasm_text
.ctasm_proc f
	veor	q0, q1, d2
	.ctasm_ret
.ctasm_endproc
