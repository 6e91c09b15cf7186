# expect: .ctasm_stack_arg into %rsp would overwrite
.ctasm_text
.ctasm_proc f, args=7
	.ctasm_stack_arg	7, %rsp
.ctasm_ret
.ctasm_endproc
