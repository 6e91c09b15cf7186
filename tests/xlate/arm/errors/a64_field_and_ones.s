// expect: #-1 is not a 32-bit logical (bitmask) immediate
.ctasm_text
.ctasm_proc f
	and	w0, w1, #-1
	ret
.ctasm_endproc
