// expect: writes pc
.ctasm_text
.ctasm_proc f
	mov	pc, lr
.ctasm_endproc
