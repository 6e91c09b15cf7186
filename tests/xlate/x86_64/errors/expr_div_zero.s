# expect: division by zero
.ctasm_text
.ctasm_proc f
	movl	$4/(2-2), %eax
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lk:
	.long	0
