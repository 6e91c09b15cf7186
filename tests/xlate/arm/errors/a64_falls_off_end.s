// expect: control reaches the end of ctasm_fz_fall ('add' last)
// The last instruction fell through to .ctasm_endproc: fuzz finding, accepted before
// Arm/Reach.pm.
.ctasm_text
.ctasm_proc	ctasm_fz_fall, global
	add	x0, x0, #1
.ctasm_endproc
