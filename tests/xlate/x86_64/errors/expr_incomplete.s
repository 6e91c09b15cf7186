# expect: incomplete expression
.ctasm_text
.ctasm_proc f
	movl	$1+, %eax
.ctasm_ret
.ctasm_endproc
