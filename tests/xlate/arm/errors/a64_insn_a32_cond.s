// expect: unknown instruction 'beq'
.ctasm_text
.ctasm_proc f
.L1:
	beq	.L1
	.ctasm_ret
.ctasm_endproc
