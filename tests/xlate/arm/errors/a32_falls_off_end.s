// expect: control reaches the end of f ('bne' last)
// ARMv7 had the same hole: a conditional branch last falls through.
.ctasm_text
.ctasm_proc	f
.Lloop:
	subs	r0, r0, #1
	bne	.Lloop
.ctasm_endproc
