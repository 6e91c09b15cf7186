// expect: operands do not match any form
.ctasm_text
.ctasm_proc f
	vstr	d17, [r11, #9223372036854775808]
	.ctasm_ret
.ctasm_endproc
