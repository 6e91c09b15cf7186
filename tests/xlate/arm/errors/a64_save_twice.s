// expect: listed twice
.ctasm_text
.ctasm_proc f, save=x19-x22,x20,x29,x30
	.ctasm_ret
.ctasm_endproc
