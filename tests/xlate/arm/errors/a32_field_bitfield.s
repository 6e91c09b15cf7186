// expect: bit-field width #2 out of range 1..1 (lsb 31)
// lsb + width stay within the 32 bits
.ctasm_text
.ctasm_proc f
	ubfx	r0, r1, #31, #2
	bx	lr
.ctasm_endproc
