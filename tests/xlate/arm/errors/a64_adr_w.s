// expect: wants a 64-bit x register
.ctasm_text
.ctasm_proc f
	.ctasm_adr w0, .Lt
	.ctasm_ret
.Lt:
.ctasm_endproc
