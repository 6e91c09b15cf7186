// expect: operands do not match any form of pmull
.ctasm_text
.ctasm_proc f
	pmull	v0.8h, v1.16b, v2.16b
	.ctasm_ret
.ctasm_endproc
