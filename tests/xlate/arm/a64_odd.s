// Uneven save lists: a single x register, a single d register, registers
// without a frame record (no PAC), a frame record only, scratch only.
.ctasm_text
.ctasm_proc	odd_gprs, global, save=x19-x21,x23, vsave=d8
	mov	x19, x0
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	record_only, save=x29,x30
	bl	odd_gprs
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	scratch_only, global, frame=100
	str	x0, [sp, #96]
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	dregs_only, vsave=d9-d12
	fmov	d9, x0
	.ctasm_ret
.ctasm_endproc
