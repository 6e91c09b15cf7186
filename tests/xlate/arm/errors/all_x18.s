// expect: x18/w18 is reserved
.ctasm_text
.ctasm_proc f
	mov	w18, #1
	.ctasm_ret
.ctasm_endproc
