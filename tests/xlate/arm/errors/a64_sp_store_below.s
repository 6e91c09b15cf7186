// expect: stores to [sp, #-8 .. #0), outside f's frame= scratch [sp, #0 .. #16)
// below sp nothing is kept (a signal handler may write there)
.ctasm_text
.ctasm_proc f, frame=16
	stur	x0, [sp, #-8]
	.ctasm_ret
.ctasm_endproc
