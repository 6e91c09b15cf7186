// expect: unknown instruction 'paciasp'
.ctasm_text
.ctasm_proc f
	paciasp
	.ctasm_ret
.ctasm_endproc
