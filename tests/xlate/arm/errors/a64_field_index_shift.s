// expect: index shift #2: #0 or #3 for a 8-byte access
.ctasm_text
.ctasm_proc f
	ldr	x0, [x1, x2, lsl #2]
	ret
.ctasm_endproc
