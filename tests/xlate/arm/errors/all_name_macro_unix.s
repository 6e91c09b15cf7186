// expect: preprocessor macro
.ctasm_text
.ctasm_proc unix, global
	.ctasm_ret
.ctasm_endproc
