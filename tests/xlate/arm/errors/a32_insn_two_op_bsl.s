// expect: operands do not match any form of vbsl
.ctasm_text
.ctasm_proc f
	vbsl	q0, q1
	.ctasm_ret
.ctasm_endproc
