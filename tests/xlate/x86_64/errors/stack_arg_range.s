# expect: f has args=7
.ctasm_text
.ctasm_proc f, args=7
	.ctasm_stack_arg	8, %rax
.ctasm_ret
.ctasm_endproc
