# expect: bare memory operand
.ctasm_text
.ctasm_proc f
	movq	.Lk, %rax
.ctasm_ret
.ctasm_endproc
.Lk:
