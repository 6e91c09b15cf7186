# expect: .ctasm_adr: 'g' is not a local (.L) label
.ctasm_text
.ctasm_proc g
	.ctasm_adr %rax, g
.ctasm_ret
.ctasm_endproc
