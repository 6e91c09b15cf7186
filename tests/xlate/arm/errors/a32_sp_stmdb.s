// expect: stores to [sp, #-4 .. #0), outside f's frame= scratch [sp, #0 .. #8)
// stmdb without writeback stores below sp
.ctasm_text
.ctasm_proc f, frame=8
	stmdb	sp, {r0}
	.ctasm_ret
.ctasm_endproc
