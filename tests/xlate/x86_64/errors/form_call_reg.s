# expect: 'call' does not take (reg)
# An indirect call is written with '*' (gas only warns without it).
.ctasm_text
.ctasm_proc f
	call	%rax
.ctasm_ret
.ctasm_endproc
