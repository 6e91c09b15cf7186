// expect: stores to [sp, #32 .. #64) through r3 (sp + 32), outside f's frame= scratch [sp, #0 .. #32)
// the wipe loop's second step, unrolled: writeback steps the copy
.ctasm_text
.ctasm_proc f, save=r4,lr, frame=32
	mov	r3, sp
	vst1.64	{d0-d3}, [r3]!
	vst1.64	{d0-d3}, [r3]!
	.ctasm_ret
.ctasm_endproc
