// expect: duplicate .ctasm_proc key 'save'
.ctasm_text
.ctasm_proc f, save=x19,x20, save=x21,x22
	.ctasm_ret
.ctasm_endproc
