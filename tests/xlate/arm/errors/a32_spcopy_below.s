// expect: stores to [sp, #-4 .. #0) through r1 (sp + -4), outside f's frame= scratch [sp, #0 .. #16)
// below sp nothing is kept
.ctasm_text
.ctasm_proc f, frame=16
	sub	r1, sp, #4
	str	r0, [r1]
	.ctasm_ret
.ctasm_endproc
