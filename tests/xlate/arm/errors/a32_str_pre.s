// expect: moves sp
.ctasm_text
.ctasm_proc f
	str	r4, [sp, #-4]!
	.ctasm_ret
.ctasm_endproc
