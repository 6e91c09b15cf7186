// expect: .ctasm_adr wants REG, LABEL
.ctasm_text
.ctasm_proc f
	.ctasm_adr x0
	.ctasm_ret
.ctasm_endproc
