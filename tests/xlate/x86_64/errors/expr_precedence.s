# expect: operators + << mixed
.ctasm_text
.ctasm_proc f
	movl	$1+2<<3, %eax
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lk:
	.long	0
