// expect: immediate #0 out of range 1..8
.ctasm_text
.ctasm_proc f
	ushr	v0.16b, v1.16b, #0
	ret
.ctasm_endproc
