# expect: does not fit 'movl'
.ctasm_text
.ctasm_proc f
	movl	$0x100000000, %eax
.ctasm_ret
.ctasm_endproc
