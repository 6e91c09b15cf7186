// expect: preprocessor macro
.ctasm_text
.ctasm_proc arm, global
	.ctasm_ret
.ctasm_endproc
