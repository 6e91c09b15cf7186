// expect: operands do not match any form of mov
.ctasm_text
.ctasm_proc f
	mov	v0.s[4], w1
	.ctasm_ret
.ctasm_endproc
