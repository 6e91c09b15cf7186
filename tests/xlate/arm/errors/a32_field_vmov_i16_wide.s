// expect: immediate #0x10000 does not fit 16 bits unsigned
// clang encodes vmov.i16 q0, #0x10000 as vmov.i8 #0
.ctasm_text
.ctasm_proc f
	vmov.i16	q0, #0x10000
	bx	lr
.ctasm_endproc
