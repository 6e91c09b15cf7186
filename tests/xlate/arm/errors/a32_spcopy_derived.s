// expect: stores to [sp, #16 .. #20) through r2 (sp + 16), outside f's frame= scratch [sp, #0 .. #16)
// a copy of a copy
.ctasm_text
.ctasm_proc f, frame=16
	add	r1, sp, #8
	add	r2, r1, #8
	str	r0, [r2]
	.ctasm_ret
.ctasm_endproc
