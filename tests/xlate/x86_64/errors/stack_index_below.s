# expect: 'movq' with index %rax: displacement -8 (bytes [-8, 0)) is outside f's frame= scratch [0, 16)
# A negative displacement with an index: the constant part is below rsp.
.ctasm_text
.ctasm_proc	f, frame=16
	movq	-8(%rsp,%rax,8), %rcx
	.ctasm_ret
.ctasm_endproc
