// expect: operands do not match any form of vmull
.ctasm_text
.ctasm_proc f
	vmull.p8	d0, d1, d2
	.ctasm_ret
.ctasm_endproc
