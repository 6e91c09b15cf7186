// expect: writes x19, callee-saved, but neither f nor the function writing it lists it in save=
.ctasm_text
.ctasm_proc f, global, save=x20
	mov	x20, x0
	add	x19, x20, #1
	.ctasm_ret
.ctasm_endproc
