// expect: bad register
.ctasm_text
.ctasm_proc f, save=x19,x99999999999999999999
	.ctasm_ret
.ctasm_endproc
