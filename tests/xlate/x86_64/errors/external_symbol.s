# expect: undefined symbol 'memcpy'
.ctasm_text
.ctasm_proc f
	call	memcpy
.ctasm_ret
.ctasm_endproc
