// expect: writes pc
.ctasm_text
.ctasm_proc f
	ldm	r0, {r4, pc}
.ctasm_endproc
