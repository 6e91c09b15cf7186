// expect: shift amount #32 out of range 0..31
.ctasm_text
.ctasm_proc f
	add	w0, w1, w2, lsl #32
	ret
.ctasm_endproc
