# expect: 'movq' does not take (*reg,reg)
# '*' marks an indirect jmp/call target only.
.ctasm_text
.ctasm_proc f
	movq	*%rax, %rbx
.ctasm_ret
.ctasm_endproc
