// expect: moves sp
.ctasm_text
.ctasm_proc f
	mov	sp, x0
	.ctasm_ret
.ctasm_endproc
