// expect: .ctasm_ret outside a function
.ctasm_text
	.ctasm_ret
