// expect: 'vst1.8 {d0-d3}, [r0]' stores to [sp, #16 .. #48) through r0 (sp + 16), outside f's frame= scratch [sp, #0 .. #32)
// a copy of sp (bsaes-armv7 addresses its spill slots so): 32 bytes from sp + 16
.ctasm_text
.ctasm_proc f, frame=32
	add	r0, sp, #16
	vst1.8	{d0-d3}, [r0]
	.ctasm_ret
.ctasm_endproc
