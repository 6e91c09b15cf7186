// expect: g calls f, which writes its caller's scratch [sp, #0 .. #32) (caller_frame=), but g's own is [sp, #0 .. #16)
// the caller's frame= must cover what its callee writes there
.ctasm_text
.ctasm_proc f, caller_frame=32
	add	r0, sp, #16
	vst1.64	{d0-d1}, [r0]
	bx	lr
.ctasm_endproc
.ctasm_proc g, save=r4,lr, frame=16
	bl	f
	.ctasm_ret
.ctasm_endproc
