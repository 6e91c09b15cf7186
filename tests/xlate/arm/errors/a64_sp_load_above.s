// expect: loads from [sp, #16 .. #24), outside f's frame= scratch [sp, #0 .. #0) or its saved registers [sp, #0 .. #16)
// AArch64 has no stack arguments: above the save area is the caller's frame
.ctasm_text
.ctasm_proc f, save=x29,x30
	ldr	x0, [sp, #16]
	.ctasm_ret
.ctasm_endproc
