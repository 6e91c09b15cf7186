# expect: '$.Lk-.Lhere, %eax' relates labels of different sections (.Lk in rodata, .Lhere in text)
# The same in an immediate operand.
.ctasm_rodata
.Lk:	.long	1
.ctasm_text
.ctasm_proc	f, global
.Lhere:
	movl	$.Lk-.Lhere, %eax
	.ctasm_ret
.ctasm_endproc
