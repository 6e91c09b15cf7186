// expect: rotation #4: one of #0, #8, #16, #24
// extends rotate by a whole byte
.ctasm_text
.ctasm_proc f
	uxtb	r0, r1, ror #4
	bx	lr
.ctasm_endproc
