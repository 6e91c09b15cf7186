# expect: 'subq' moves the stack pointer
.ctasm_text
.ctasm_proc f, global, save=rbx
	subq	$16, %rsp
	addq	$16, %rsp
.ctasm_ret
.ctasm_endproc
