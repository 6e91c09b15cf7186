// expect: writes x29, callee-saved, but neither f nor the function writing it lists it in save=
.ctasm_text
.ctasm_proc f, global
	mov	w29, #1
	ret
.ctasm_endproc
