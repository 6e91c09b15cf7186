// expect: #-2 is not a modified immediate (8 bits rotated right by an even amount)
// orr has no inverted twin in ARM state (orn is Thumb only)
.ctasm_text
.ctasm_proc f
	orr	r0, r1, #-2
	bx	lr
.ctasm_endproc
