# expect: 'leaq' reaches [24, 24) from %rsp, outside f's frame= scratch [0, 16)
# lea may point at the end of the scratch (leaq 16(%rsp) is accepted), not beyond it.
.ctasm_text
.ctasm_proc	f, frame=16
	leaq	16(%rsp), %rax
	leaq	24(%rsp), %rax
	.ctasm_ret
.ctasm_endproc
