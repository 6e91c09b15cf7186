// expect: immediate #0 out of range 1..16
// a narrowing right shift is 1..size/2; GNU as rewrites #0 as vqmovn
.ctasm_text
.ctasm_proc f
	vqrshrn.u32	d0, q1, #0
	bx	lr
.ctasm_endproc
