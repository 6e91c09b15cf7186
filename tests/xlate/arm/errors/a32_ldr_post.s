// expect: moves sp
.ctasm_text
.ctasm_proc f
	ldr	r4, [sp], #4
	.ctasm_ret
.ctasm_endproc
