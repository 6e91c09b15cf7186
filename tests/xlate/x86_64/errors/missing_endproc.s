# expect: missing .ctasm_endproc
.ctasm_text
.ctasm_proc f
	nop
