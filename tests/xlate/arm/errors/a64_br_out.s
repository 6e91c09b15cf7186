// expect: leaves f without its epilogue
.ctasm_text
.ctasm_proc f, frame=16
	br	x9
.ctasm_endproc
