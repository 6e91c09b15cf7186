// expect: moves sp
.ctasm_text
.ctasm_proc f
	str	x0, [sp, #-16]!
	.ctasm_ret
.ctasm_endproc
