// expect: 'global' takes no value
.ctasm_text
.ctasm_proc f, global=1
	.ctasm_ret
.ctasm_endproc
