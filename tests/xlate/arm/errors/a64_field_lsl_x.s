// expect: immediate #64 out of range 0..63
.ctasm_text
.ctasm_proc f
	lsl	x0, x1, #64
	ret
.ctasm_endproc
