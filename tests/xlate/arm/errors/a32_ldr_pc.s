// expect: writes pc
.ctasm_text
.ctasm_proc f, save=r4,lr
	ldr	pc, [r0]
.ctasm_endproc
