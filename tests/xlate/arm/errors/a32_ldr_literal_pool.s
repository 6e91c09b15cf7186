// expect: literal pool operand '=0x12345678' is not part of the dialect
.ctasm_text
.ctasm_proc f
	ldr	r0, =0x12345678
	.ctasm_ret
.ctasm_endproc
