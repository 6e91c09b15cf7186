// expect: loads from [sp, #-16 .. #0), outside f's frame= scratch [sp, #0 .. #16)
// below sp a signal handler may have written
.ctasm_text
.ctasm_proc f, frame=16
	ldp	x0, x1, [sp, #-16]
	.ctasm_ret
.ctasm_endproc
