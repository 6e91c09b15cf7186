// expect: packed unwind data is not supported
// clang 14 folds a canonical prologue (here d8-d11 only, as a local vsave=d8-d11
// function had it before Arm/SehUnpacked.pm) into a packed .pdata word. The checker
// cannot decode that form: before, it read the prologue as empty and reported the
// first save as a CFA mismatch; now it refuses the entry.
	.text
	.p2align 2
fx_packed:
	.seh_proc fx_packed
	stp	d8, d9, [sp, #-32]!
	.seh_save_fregp_x d8, 32
	stp	d10, d11, [sp, #16]
	.seh_save_fregp d10, 16
	.seh_endprologue
	add	x0, x0, #1
	.seh_startepilogue
	ldp	d10, d11, [sp, #16]
	.seh_save_fregp d10, 16
	ldp	d8, d9, [sp], #32
	.seh_save_fregp_x d8, 32
	.seh_endepilogue
	ret
	.seh_endproc
