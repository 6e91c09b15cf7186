# expect: rbp is the frame pointer of this function
.ctasm_text
.ctasm_proc f, align=32
	movl	$1, %ebp
.ctasm_ret
.ctasm_endproc
