// expect: pair offset #256 out of range: a multiple of 4 in -256..252
.ctasm_text
.ctasm_proc f
	stp	w0, w1, [x2, #256]!
	ret
.ctasm_endproc
