// expect: writes x22, callee-saved, but neither f nor the function writing it lists it in save=
.ctasm_text
.ctasm_proc helper
	mov	x22, x0
	ret
.ctasm_endproc

.ctasm_proc f, global, save=x29,x30
	bl	helper
	.ctasm_ret
.ctasm_endproc
