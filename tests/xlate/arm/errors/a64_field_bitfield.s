// expect: bit-field width #2 out of range 1..1 (lsb 63)
.ctasm_text
.ctasm_proc f
	ubfx	x0, x1, #63, #2
	ret
.ctasm_endproc
