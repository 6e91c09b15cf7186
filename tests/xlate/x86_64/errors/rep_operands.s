# expect: 'rep movsb' does not take (mem,mem); it takes no operands
.ctasm_text
.ctasm_proc f
	rep movsb	(%rsi), (%rdi)
.ctasm_ret
.ctasm_endproc
