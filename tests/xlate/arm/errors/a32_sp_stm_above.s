// expect: stores to [sp, #0 .. #12), outside f's frame= scratch [sp, #0 .. #8)
// stm sp stores one word per register upwards
.ctasm_text
.ctasm_proc f, frame=5
	stm	sp, {r0-r2}
	.ctasm_ret
.ctasm_endproc
