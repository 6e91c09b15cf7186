// expect: operands do not match any form of eor
.ctasm_text
.ctasm_proc f
	eor	v0.16b, v1.16b
	.ctasm_ret
.ctasm_endproc
