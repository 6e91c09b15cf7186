// expect: leaves f without its epilogue
.ctasm_text
.ctasm_proc f, save=x29,x30
	cbz	x0, .Lout
	.ctasm_ret
.Lout:
	ret
.ctasm_endproc
