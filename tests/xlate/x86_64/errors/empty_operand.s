# expect: empty operand
.ctasm_text
.ctasm_proc f
	movq	%rax, , %rbx
.ctasm_ret
.ctasm_endproc
