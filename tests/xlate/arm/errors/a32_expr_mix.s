// expect: rank differently
.ctasm_text
.ctasm_proc f
	mov	r0, #1+2<<3
	.ctasm_ret
.ctasm_endproc
