// expect: operands do not match any form of tbl
.ctasm_text
.ctasm_proc f
	tbl	v0.16b, {v1.16b, v2.16b, v3.16b, v4.16b, v5.16b}, v6.16b
	.ctasm_ret
.ctasm_endproc
