// expect: preprocessor macro
.ctasm_text
.ctasm_proc linux, global
	.ctasm_ret
.ctasm_endproc
