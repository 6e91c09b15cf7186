// expect: duplicate .ctasm_proc key 'global'
.ctasm_text
.ctasm_proc f, global, global
	.ctasm_ret
.ctasm_endproc
