// expect: moves sp
.ctasm_text
.ctasm_proc f, save=x29,x30
	sub	sp, sp, #32
	.ctasm_ret
.ctasm_endproc
