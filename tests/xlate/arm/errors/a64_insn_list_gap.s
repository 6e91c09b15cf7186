// expect: operands do not match any form of ld1
.ctasm_text
.ctasm_proc f
	ld1	{v0.16b, v2.16b}, [x0]
	.ctasm_ret
.ctasm_endproc
