// expect: write the immediate as #EXPR
.ctasm_text
.ctasm_proc f
	ldr	x0, [x1, 8+8]
	.ctasm_ret
.ctasm_endproc
