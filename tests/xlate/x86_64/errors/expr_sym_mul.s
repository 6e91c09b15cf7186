# expect: only + and - may combine
.ctasm_text
.ctasm_proc f
	movl	$.Lk*2, %eax
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lk:
	.long	0
