// expect: offset #257 out of range: a multiple of 2 in 0..8190, or -256..255
.ctasm_text
.ctasm_proc f
	ldrh	w0, [x1, #257]
	ret
.ctasm_endproc
