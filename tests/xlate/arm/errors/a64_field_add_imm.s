// expect: immediate #4096 out of range 0..4095
.ctasm_text
.ctasm_proc f
	add	x0, x1, #4096
	ret
.ctasm_endproc
