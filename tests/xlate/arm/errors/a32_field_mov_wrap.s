// expect: immediate #0x100000000 does not fit 32 bits
// both assemblers encode mov r0, #0x100000000 as mov r0, #0
.ctasm_text
.ctasm_proc f
	mov	r0, #0x100000000
	bx	lr
.ctasm_endproc
