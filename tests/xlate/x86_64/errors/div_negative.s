# expect: '/' with a negative operand: assemblers round differently
# Division of negative values rounds differently per assembler.
.ctasm_text
.ctasm_proc f
	movl	$-7/2, %eax
.ctasm_ret
.ctasm_endproc
