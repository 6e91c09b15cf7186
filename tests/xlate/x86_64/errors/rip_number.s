# expect: RIP-relative operand needs a symbol
.ctasm_text
.ctasm_proc f
	movq	8(%rip), %rax
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lk:
	.long	0
