// expect: stores to [sp, #-4 .. #0), outside f's frame= scratch [sp, #0 .. #8)
// nothing below sp is kept (a signal handler may write there)
.ctasm_text
.ctasm_proc f, frame=8
	str	r0, [sp, #-4]
	.ctasm_ret
.ctasm_endproc
