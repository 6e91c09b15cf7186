// Callee-saved registers (Arm/Saves.pm): a local helper may write x19 and v8 when
// every global function that reaches it saves them; a helper saving its own x21
// covers its callers; a tail branch from a leaf counts as reaching the target.
.ctasm_text
.ctasm_proc	helper_uses_callers
	mov	x19, x0
	ins	v8.d[1], x19
	ret
.ctasm_endproc

.ctasm_proc	helper_saves_own, save=x21,x22
	mov	x21, x1
	add	x0, x0, x21
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	outer, global, save=x19,x20,x29,x30, vsave=d8
	bl	helper_uses_callers
	bl	helper_saves_own
	mov	x20, x0
	fmov	d8, x20
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	leaf_tail, global
	cbz	x0, helper_saves_own
	mov	x0, #0
	ret
.ctasm_endproc
