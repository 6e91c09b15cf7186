# expect: '>>' of a negative value: assemblers shift differently
# Arithmetic or logical: assemblers disagree.
.ctasm_text
.ctasm_proc f
	movl	$(-8)>>1, %eax
.ctasm_ret
.ctasm_endproc
