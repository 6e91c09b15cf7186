// expect: lsl #1: the amount is one of #0, #12
.ctasm_text
.ctasm_proc f
	add	x0, x1, #1, lsl #1
	ret
.ctasm_endproc
