// expect: dmb takes no condition
.ctasm_text
.ctasm_proc f
	dmbne	ish
	.ctasm_ret
.ctasm_endproc
