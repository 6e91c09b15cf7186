// expect: stores to [sp, #8 .. #24) through x9 (sp + 8), outside f's frame= scratch [sp, #0 .. #16)
// into the saved x29 through a copy
.ctasm_text
.ctasm_proc f, save=x29,x30, frame=16
	add	x9, sp, #8
	stp	x0, x1, [x9]
	.ctasm_ret
.ctasm_endproc
