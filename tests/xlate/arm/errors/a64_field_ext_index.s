// expect: immediate #8 out of range 0..7
.ctasm_text
.ctasm_proc f
	ext	v0.8b, v1.8b, v2.8b, #8
	ret
.ctasm_endproc
