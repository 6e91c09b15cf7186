// expect: operands do not match any form of add
.ctasm_text
.ctasm_proc f
	add	v0.16b, v1.8b, v2.16b
	.ctasm_ret
.ctasm_endproc
