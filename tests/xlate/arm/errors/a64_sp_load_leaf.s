// expect: 'ldr x0, [sp]' loads from [sp, #0 .. #8), outside f's frame= scratch [sp, #0 .. #0)
// a leaf has no frame: [sp] is the caller's
.ctasm_text
.ctasm_proc f
	ldr	x0, [sp]
	.ctasm_ret
.ctasm_endproc
