// expect: control reaches the end of f ('cbnz' last)
// A conditional branch last falls through when not taken.
.ctasm_text
.ctasm_proc	f
.Lloop:
	sub	x0, x0, #1
	cbnz	x0, .Lloop
.ctasm_endproc
