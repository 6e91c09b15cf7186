# expect: 'xchgq' moves the stack pointer
.ctasm_text
.ctasm_proc f
	xchgq	%rsp, %rax
	xchgq	%rsp, %rax
.ctasm_ret
.ctasm_endproc
