// expect: is out of range
.ctasm_text
.ctasm_proc f
	mov	x0, #1<<63<<1
	.ctasm_ret
.ctasm_endproc
