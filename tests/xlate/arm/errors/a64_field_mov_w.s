// expect: immediate #0x100000000 does not fit 32 bits
.ctasm_text
.ctasm_proc f
	mov	w0, #0x100000000
	ret
.ctasm_endproc
