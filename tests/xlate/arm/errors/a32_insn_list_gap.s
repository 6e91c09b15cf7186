// expect: operands do not match any form of vld1
.ctasm_text
.ctasm_proc f
	vld1.8	{d0, d2}, [r0]
	.ctasm_ret
.ctasm_endproc
