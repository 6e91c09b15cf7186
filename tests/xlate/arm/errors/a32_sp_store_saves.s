// expect: stores to [sp, #8 .. #12), outside f's frame= scratch [sp, #0 .. #8)
// the slot above the scratch holds the saved r4, which the epilogue reloads
.ctasm_text
.ctasm_proc f, save=r4,lr, frame=8
	mov	r4, #0
	str	r0, [sp, #8]
	.ctasm_ret
.ctasm_endproc
