// expect: not part of the dialect
.ctasm_text
.ctasm_proc f
.irp r, 17, 18
	mov	x\r, #0
.endr
	.ctasm_ret
.ctasm_endproc
