// expect: stores to [sp, #8 .. #16), outside f's frame= scratch [sp, #0 .. #0)
// the saved (PAC-signed) x30: autiasp would fault (the PAC test needs broken_frame)
.ctasm_text
.ctasm_proc f, global, save=x29,x30
	ldr	x9, [sp, #8]
	str	x9, [sp, #8]
	.ctasm_ret
.ctasm_endproc
