// expect: #0x1234 is not a modified immediate (8 bits rotated right by an even amount), or the inverse of one
// mov takes a 16-bit value as movw, movs cannot
.ctasm_text
.ctasm_proc f
	movs	r0, #0x1234
	bx	lr
.ctasm_endproc
