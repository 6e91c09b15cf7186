// expect: external symbols are not part of the dialect
.ctasm_text
.ctasm_proc f
	ldr	x0, =memcpy
	.ctasm_ret
.ctasm_endproc
