// expect: use .ctasm_adr
.ctasm_text
.ctasm_proc f
	add	x0, x0, :lo12:.Lt
	.ctasm_ret
.ctasm_endproc
