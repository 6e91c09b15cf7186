# expect: octal-looking literal
.ctasm_text
.ctasm_proc f
	movq	010(%rsp), %rax
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lk:
	.long	0
