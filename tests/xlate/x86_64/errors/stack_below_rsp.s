# expect: 'movq' reaches [-8, 0) from %rsp, outside f's frame= scratch [0, 16)
# Below rsp nothing is kept (a signal handler may write there): refused, as above the frame.
.ctasm_text
.ctasm_proc	f, frame=16
	movq	%rdi, -8(%rsp)
	.ctasm_ret
.ctasm_endproc
