// expect: moves sp
.ctasm_text
.ctasm_proc f
	stmdb	sp!, {r4, r5}
	.ctasm_ret
.ctasm_endproc
