// expect: wants a core register other than sp and pc
.ctasm_text
.ctasm_proc f
	.ctasm_adr r15, .Lt
	.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lt:
.long 1
