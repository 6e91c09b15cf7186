# expect: 'pushfq' moves the stack pointer
.ctasm_text
.ctasm_proc f
	pushfq
	popfq
.ctasm_ret
.ctasm_endproc
