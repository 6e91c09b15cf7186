# expect: unknown register %rxx
.ctasm_text
.ctasm_proc f
	movq	%rxx, %rax
.ctasm_ret
.ctasm_endproc
