// expect: immediate #32 out of range 0..31
.ctasm_text
.ctasm_proc f
.Lx:
	tbz	w0, #32, .Lx
	ret
.ctasm_endproc
