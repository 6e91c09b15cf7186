# expect: does not fit 'addq'
.ctasm_text
.ctasm_proc f
	addq	$0x80000000, %rax
.ctasm_ret
.ctasm_endproc
