// expect: offset #32768 out of range: a multiple of 8 in 0..32760, or -256..255
.ctasm_text
.ctasm_proc f
	ldr	x0, [x1, #32768]
	ret
.ctasm_endproc
