// expect: moves sp
.ctasm_text
.ctasm_proc f
	stp	x19, x20, [sp, #-16]!
	ldp	x19, x20, [sp], #16
	.ctasm_ret
.ctasm_endproc
