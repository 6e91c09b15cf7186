// expect: post-increment #32 must be the 64 bytes transferred
.ctasm_text
.ctasm_proc f
	ld1	{v0.16b-v3.16b}, [x0], #32
	ret
.ctasm_endproc
