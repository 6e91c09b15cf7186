// expect: stores to [sp, #8 .. #12) through r1 (sp + 0), outside f's frame= scratch [sp, #0 .. #8)
// through a copy of sp into the saved r4
.ctasm_text
.ctasm_proc f, save=r4,lr, frame=8
	mov	r1, sp
	str	r0, [r1, #8]
	.ctasm_ret
.ctasm_endproc
