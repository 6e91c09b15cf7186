# expect: unexpected ')' in expression
.ctasm_text
.ctasm_proc f
	movl	$), %eax
.ctasm_ret
.ctasm_endproc
