// expect: operands do not match any form of pld
// pld offsets are -4095..4095
.ctasm_text
.ctasm_proc f
	pld	[r1, #4096]
	bx	lr
.ctasm_endproc
