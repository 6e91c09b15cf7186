// expect: stores to [sp, #16 .. #24), outside f's frame= scratch [sp, #0 .. #16)
// the slot above the scratch holds the saved x19, which the epilogue reloads
.ctasm_text
.ctasm_proc f, save=x19,x20, frame=16
	mov	x19, #0
	str	x0, [sp, #16]
	.ctasm_ret
.ctasm_endproc
