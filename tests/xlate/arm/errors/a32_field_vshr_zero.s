// expect: immediate #0 out of range 1..16
// GNU as rewrites vshr #0 as a vorr, clang refuses it
.ctasm_text
.ctasm_proc f
	vshr.s16	q0, q1, #0
	bx	lr
.ctasm_endproc
