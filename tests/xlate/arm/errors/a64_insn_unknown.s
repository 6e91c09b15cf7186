// expect: unknown instruction 'frobnicate'
.ctasm_text
.ctasm_proc f
	frobnicate	x0, x1
	.ctasm_ret
.ctasm_endproc
