# expect: 'andq' moves the stack pointer
# Assembled to a wrong epilogue (add rsp,N cannot undo the rounding): use align=.
.ctasm_text
.ctasm_proc f, global, frame=64
	andq	$-64, %rsp
.ctasm_ret
.ctasm_endproc
