// expect: stores to [sp, #24 .. #40), outside f's frame= scratch [sp, #0 .. #32)
// frame=20 allocates 32; the pair's second half lands in the saved x29
.ctasm_text
.ctasm_proc f, save=x29,x30, frame=20
	stp	x0, x1, [sp, #24]
	.ctasm_ret
.ctasm_endproc
