// expect: not a function of this file
.ctasm_text
.ctasm_proc f
	bl	memcpy
	.ctasm_ret
.ctasm_endproc
