// expect: #1.0: a floating-point literal is only an fmov operand
.ctasm_text
.ctasm_proc f
	mov	x0, #1.0
	ret
.ctasm_endproc
