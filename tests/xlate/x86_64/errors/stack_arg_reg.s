# expect: arguments 1-6 arrive in registers
.ctasm_text
.ctasm_proc f, args=8
	.ctasm_stack_arg	6, %rax
.ctasm_ret
.ctasm_endproc
