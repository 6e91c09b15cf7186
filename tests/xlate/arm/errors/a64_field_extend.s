// expect: extend amount #5 out of range 0..4
.ctasm_text
.ctasm_proc f
	add	x0, sp, x2, lsl #5
	ret
.ctasm_endproc
