// expect: #0x11ff is not a NEON .i32 immediate of this instruction
// vorr/vbic have no ones-filled forms
.ctasm_text
.ctasm_proc f
	vorr.i32	q0, #0x11ff
	bx	lr
.ctasm_endproc
