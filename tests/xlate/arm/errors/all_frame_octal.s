// expect: decimal byte count
.ctasm_text
.ctasm_proc f, frame=010
	.ctasm_ret
.ctasm_endproc
