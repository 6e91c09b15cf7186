// expect: duplicate .ctasm_proc key 'save'
.ctasm_text
.ctasm_proc f, save=lr, save=lr
	.ctasm_ret
.ctasm_endproc
