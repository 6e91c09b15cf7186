// expect: moves sp
.ctasm_text
.ctasm_proc f, save=r4,lr
	sub	sp, sp, #8
	.ctasm_ret
.ctasm_endproc
