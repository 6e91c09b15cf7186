// expect: #-1028 is not a modified immediate
// neither -1028 nor 1028 is 8 bits rotated right by an even amount (fuzz finding armv7.modimm_range)
.ctasm_text
.ctasm_proc f
	add	r3, r3, #-1028
	bx	lr
.ctasm_endproc
