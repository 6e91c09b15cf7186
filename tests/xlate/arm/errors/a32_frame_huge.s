// expect: at most 4080
.ctasm_text
.ctasm_proc f, save=r4,lr, frame=4294967304
	.ctasm_ret
.ctasm_endproc
