// expect: writes r11, callee-saved, but neither f nor the function writing it lists it in save=
.ctasm_text
.ctasm_proc f, global
	mov	fp, r0
	bx	lr
.ctasm_endproc
