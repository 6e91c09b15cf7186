// expect: offset #-256 out of range: a multiple of 8 in 0..32760
.ctasm_text
.ctasm_proc f
	prfm	pldl1keep, [x1, #-256]
	ret
.ctasm_endproc
