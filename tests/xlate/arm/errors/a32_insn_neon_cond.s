// expect: NEON takes no condition
.ctasm_text
.ctasm_proc f
	vaddeq.i32	q0, q1, q2
	.ctasm_ret
.ctasm_endproc
