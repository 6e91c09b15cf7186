// expect: args=9: at most 8 integer arguments
.ctasm_text
.ctasm_proc f, args=9
	.ctasm_ret
.ctasm_endproc
