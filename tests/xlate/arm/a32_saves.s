@ Callee-saved registers (Arm/Saves.pm): a local helper may write r5 and q4 (d8, d9)
@ when every global function that reaches it saves them; a helper saving its own
@ r7 covers its callers.
.ctasm_text
.ctasm_proc	helper_uses_callers
	mov	r5, r0
	vmov.i8	q4, #0
	bx	lr
.ctasm_endproc

.ctasm_proc	helper_saves_own, save=r6,r7
	ldm	r1, {r6-r7}
	add	r0, r0, r7
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	outer, global, save=r4,r5,r11,lr, vsave=d8-d9
	bl	helper_uses_callers
	bl	helper_saves_own
	mov	r4, r0
	mov	fp, r4
	.ctasm_ret
.ctasm_endproc
