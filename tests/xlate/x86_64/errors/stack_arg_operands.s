# expect: .ctasm_stack_arg needs an argument number and a 64-bit register
.ctasm_text
.ctasm_proc f, args=7
	.ctasm_stack_arg 7, %eax
.ctasm_ret
.ctasm_endproc
