// expect: immediate #32 out of range 0..31
// clang encodes vsli.32 #32 as #0
.ctasm_text
.ctasm_proc f
	vsli.32	d0, d1, #32
	bx	lr
.ctasm_endproc
