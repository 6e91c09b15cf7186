// expect: #0xffffff00 is not a NEON .i32 immediate
// GNU as turns vmov.i32 #0xffffff00 into vmvn, clang refuses it
.ctasm_text
.ctasm_proc f
	vmov.i32	q0, #0xffffff00
	bx	lr
.ctasm_endproc
