// expect: leaves f without its epilogue
.ctasm_text
.ctasm_proc f, save=r4,lr
	bxeq	lr
	.ctasm_ret
.ctasm_endproc
