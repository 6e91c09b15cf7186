// expect: a label outside any function
.ctasm_rodata
.Ltab:
	.long	0
.ctasm_text
.ctasm_proc f
	b	.Ltab
.ctasm_endproc
