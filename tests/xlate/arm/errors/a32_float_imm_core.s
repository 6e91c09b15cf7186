// expect: #1.5: a floating-point literal is not an immediate of any ARMv7 form
.ctasm_text
.ctasm_proc f
	mov	r0, #1.5
	bx	lr
.ctasm_endproc
