# expect: 'lfence' does not take (reg)
# Instructions without operands take none.
.ctasm_text
.ctasm_proc f
	lfence	%rax
.ctasm_ret
.ctasm_endproc
