// expect: stores to [sp, #16 .. #32), outside f's frame= scratch [sp, #0 .. #16)
// a q store at the top of the scratch covers the saved x29/x30
.ctasm_text
.ctasm_proc f, save=x29,x30, frame=16
	str	q0, [sp, #16]
	.ctasm_ret
.ctasm_endproc
