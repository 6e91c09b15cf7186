// expect: unknown instruction 'frobnicate'
.ctasm_text
.ctasm_proc f
	frobnicate	r0, r1
	.ctasm_ret
.ctasm_endproc
