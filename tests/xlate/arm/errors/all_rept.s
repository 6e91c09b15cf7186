// expect: not part of the dialect
.ctasm_text
.ctasm_proc f
.rept 2
	nop
.endr
	.ctasm_ret
.ctasm_endproc
