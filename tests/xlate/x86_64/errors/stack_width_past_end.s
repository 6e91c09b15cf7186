# expect: 'movdqu' reaches [8, 24) from %rsp, outside f's frame= scratch [0, 16)
# The access width counts: a 16-byte store at 8 runs 8 bytes past a 16-byte scratch.
.ctasm_text
.ctasm_proc	f, frame=16
	movdqu	%xmm0, 8(%rsp)
	.ctasm_ret
.ctasm_endproc
