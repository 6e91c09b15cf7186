// expect: reserved
.ctasm_text
.ctasm_proc __APPLE__
	.ctasm_ret
.ctasm_endproc
