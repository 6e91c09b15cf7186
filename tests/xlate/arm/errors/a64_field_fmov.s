// expect: #0.1 is not an fmov immediate
.ctasm_text
.ctasm_proc f
	fmov	d0, #0.1
	ret
.ctasm_endproc
