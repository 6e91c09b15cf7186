// expect: data type missing for vadd
.ctasm_text
.ctasm_proc f
	vadd	q0, q1, q2
	.ctasm_ret
.ctasm_endproc
