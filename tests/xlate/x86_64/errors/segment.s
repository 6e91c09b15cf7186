# expect: segment overrides are not supported
.ctasm_text
.ctasm_proc f
	movq	%fs:0(%rax), %rax
.ctasm_ret
.ctasm_endproc
