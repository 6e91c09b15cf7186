// expect: #0 is not a 64-bit logical (bitmask) immediate
.ctasm_text
.ctasm_proc f
	orr	x0, x1, #0
	ret
.ctasm_endproc
