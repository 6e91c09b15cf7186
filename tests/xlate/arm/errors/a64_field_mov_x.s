// expect: mov #0x10001 is not encodable in 64 bits
.ctasm_text
.ctasm_proc f
	mov	x0, #0x10001
	ret
.ctasm_endproc
