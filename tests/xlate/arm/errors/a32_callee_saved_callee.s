// expect: writes d15, callee-saved, but neither f nor the function writing it lists it in vsave=
.ctasm_text
.ctasm_proc helper
	vldmia	r0, {d14-d15}
	bx	lr
.ctasm_endproc

.ctasm_proc f, global, save=r4,lr, vsave=d14
	bl	helper
	.ctasm_ret
.ctasm_endproc
