// expect: lsl #8: the amount is one of #0, #16, #32, #48
.ctasm_text
.ctasm_proc f
	movz	x0, #1, lsl #8
	ret
.ctasm_endproc
