// expect: leaves f without its epilogue
.ctasm_text
.ctasm_proc f, save=r4,r5
	bx	lr
.ctasm_endproc
