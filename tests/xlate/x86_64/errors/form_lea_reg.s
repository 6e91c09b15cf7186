# expect: 'lea' does not take (reg,reg)
# lea takes a memory operand.
.ctasm_text
.ctasm_proc f
	lea	%rax, %rbx
.ctasm_ret
.ctasm_endproc
