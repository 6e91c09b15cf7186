// expect: stores to [sp, #32 .. #48) through r0 (sp + 32), outside f's frame= scratch [sp, #0 .. #32)
// caller_frame=32 bounds the callee's stores as frame=32 would
.ctasm_text
.ctasm_proc f, caller_frame=32
	add	r0, sp, #32
	vst1.64	{d0-d1}, [r0]
	bx	lr
.ctasm_endproc
