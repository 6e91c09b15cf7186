// expect: post-increment #16 must be the 4 bytes transferred
.ctasm_text
.ctasm_proc f
	ld1r	{v0.4s}, [x0], #16
	ret
.ctasm_endproc
