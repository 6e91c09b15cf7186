// expect: immediate #1 out of range 0..0
.ctasm_text
.ctasm_proc f
	cmeq	v0.4s, v1.4s, #1
	ret
.ctasm_endproc
