// expect: unknown instruction 'hint'
.ctasm_text
.ctasm_proc f
	hint	#25
	.ctasm_ret
.ctasm_endproc
