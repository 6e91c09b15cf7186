// expect: moves sp
.ctasm_text
.ctasm_proc f
	vpush	{d8}
	.ctasm_ret
.ctasm_endproc
