// expect: immediate #9 out of range 1..8
// GNU as encodes vshll.u8 #9 as #1, clang refuses it
.ctasm_text
.ctasm_proc f
	vshll.u8	q0, d1, #9
	bx	lr
.ctasm_endproc
