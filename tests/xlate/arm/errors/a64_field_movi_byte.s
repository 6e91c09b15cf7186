// expect: immediate #-1 out of range 0..255
.ctasm_text
.ctasm_proc f
	movi	v0.16b, #-1
	ret
.ctasm_endproc
