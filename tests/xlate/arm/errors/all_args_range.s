// expect: args= wants 0..8
.ctasm_text
.ctasm_proc f, args=9
	.ctasm_ret
.ctasm_endproc
