// expect: immediate #-8 out of range 0..4095
.ctasm_text
.ctasm_proc f
	sub	x0, x1, #-8
	ret
.ctasm_endproc
