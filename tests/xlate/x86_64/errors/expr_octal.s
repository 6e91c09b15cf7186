# expect: octal-looking literal
.ctasm_text
.ctasm_proc f
	movl	$010, %eax
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lk:
	.long	0
