// Local functions (no bti c, so no .seh_nop first) whose prologue has a canonical
// shape: clang 14 would fold their win64 unwind codes into a packed .pdata entry
// (wrong for d-only saves on Windows releases that read it otherwise, and beyond
// util/check_cfi.py). Each gets .seh_handlerdata + .text before .seh_endproc, so
// the .xdata is written unpacked (Arm/SehUnpacked.pm); check_cfi checks them all.
.ctasm_text
.ctasm_proc	seh_vsave_only, vsave=d8-d15
	add	x0, x0, #1
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	seh_dpair_only, vsave=d8-d9
	fmov	d8, d0
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	seh_xpair, save=x19,x20
	add	x19, x0, #1
	mov	x0, x19
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	seh_x_and_d, save=x19-x20, vsave=d8-d11
	fmov	d8, d0
	mov	x19, x0
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	seh_scratch_only, frame=16
	str	x0, [sp]
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	seh_two_rets, vsave=d8-d9
	cbz	x0, .Lseh_zero
	fmov	d8, d0
	.ctasm_ret
.Lseh_zero:
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	seh_leaf
	add	x0, x0, #2
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	seh_caller, global, save=x29,x30
	bl	seh_vsave_only
	bl	seh_dpair_only
	bl	seh_xpair
	bl	seh_x_and_d
	bl	seh_scratch_only
	bl	seh_two_rets
	bl	seh_leaf
	.ctasm_ret
.ctasm_endproc
