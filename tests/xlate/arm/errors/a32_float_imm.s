// expect: #1e3: a floating-point literal is not an immediate of any ARMv7 form
// GNU as refuses #1e3 ("garbage following instruction"), clang reads it its own way
.ctasm_text
.ctasm_proc f
	vext.8	q0, q1, q2, #1e3
	bx	lr
.ctasm_endproc
