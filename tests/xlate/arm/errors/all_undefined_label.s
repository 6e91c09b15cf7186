// expect: label .Lnowhere is used but never defined
.ctasm_text
.ctasm_proc f
	b	.Lnowhere
	.ctasm_ret
.ctasm_endproc
