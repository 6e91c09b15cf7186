// expect: data in a body runs as unchecked instructions
.ctasm_text
.ctasm_proc f
	.ctasm_ret
.Ltable:
	.word	1, 2
.ctasm_endproc
