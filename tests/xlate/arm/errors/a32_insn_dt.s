// expect: data type '.i32' not accepted for vshr
.ctasm_text
.ctasm_proc f
	vshr.i32	q0, q1, #3
	.ctasm_ret
.ctasm_endproc
