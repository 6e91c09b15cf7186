# expect: .ctasm_stack_arg outside a function
.ctasm_text
	.ctasm_stack_arg 7, %rax
