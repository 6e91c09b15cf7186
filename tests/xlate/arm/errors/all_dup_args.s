// expect: duplicate .ctasm_proc key 'args'
.ctasm_text
.ctasm_proc f, args=6, args=0
	.ctasm_ret
.ctasm_endproc
