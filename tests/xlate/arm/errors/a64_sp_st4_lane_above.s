// expect: stores to [sp, #0 .. #32), outside f's frame= scratch [sp, #0 .. #16)
// one d lane of four registers is 32 bytes
.ctasm_text
.ctasm_proc f, frame=16
	st4	{v0.d-v3.d}[1], [sp]
	.ctasm_ret
.ctasm_endproc
