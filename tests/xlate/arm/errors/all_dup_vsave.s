// expect: duplicate .ctasm_proc key 'vsave'
.ctasm_text
.ctasm_proc f, vsave=d8, vsave=d9
	.ctasm_ret
.ctasm_endproc
