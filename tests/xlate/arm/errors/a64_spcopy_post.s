// expect: 'str x0, [x15]' stores to [sp, #32 .. #40) through x15 (sp + 32), outside f's frame= scratch [sp, #0 .. #32)
// a post-index steps the copy
.ctasm_text
.ctasm_proc f, save=x29,x30, frame=32
	mov	x15, sp
	st1	{v0.16b, v1.16b}, [x15], #32
	str	x0, [x15]
	.ctasm_ret
.ctasm_endproc
