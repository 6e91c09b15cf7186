// expect: unknown instruction 'ldmfa'
.ctasm_text
.ctasm_proc f
	ldmfa	r0, {r4, r5}
	.ctasm_ret
.ctasm_endproc
