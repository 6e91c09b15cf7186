// expect: use .ctasm_adr
.ctasm_text
.ctasm_proc f
	adrp	x0, .Lt
	.ctasm_ret
.ctasm_endproc
