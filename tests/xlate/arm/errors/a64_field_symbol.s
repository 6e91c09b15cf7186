// expect: is not a plain integer
.ctasm_text
.ctasm_proc f
.Lx:
	add	x0, x1, #.Lx-.Lx
	ret
.ctasm_endproc
