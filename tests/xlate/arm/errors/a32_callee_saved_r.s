// expect: writes r5, callee-saved, but neither f nor the function writing it lists it in save=
.ctasm_text
.ctasm_proc f, global, save=r4,lr
	ldm	r0, {r1-r5}
	.ctasm_ret
.ctasm_endproc
