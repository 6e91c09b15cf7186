// expect: unknown instruction 'fadd'
.ctasm_text
.ctasm_proc f
	fadd	d0, d1, d2
	.ctasm_ret
.ctasm_endproc
