// expect: lane d1[2] out of range: this data type has lanes 0..1
// GNU as takes vdup.32 q0, d1[2] (as d1[0] of another encoding), clang refuses it
.ctasm_text
.ctasm_proc f
	vdup.32	q0, d1[2]
	bx	lr
.ctasm_endproc
