// expect: data type '.w' not accepted for add
.ctasm_text
.ctasm_proc f
	add.w	r0, r1, r2
	.ctasm_ret
.ctasm_endproc
