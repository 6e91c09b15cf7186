# expect: 'movl' with index %rcx: displacement 0 (bytes [0, 4)) is outside f's frame= scratch [0, 0)
# Without frame= there is no scratch: 0(%rsp,%rcx,4) is the return address or a save slot.
.ctasm_text
.ctasm_proc	f
	movl	(%rsp,%rcx,4), %eax
	.ctasm_ret
.ctasm_endproc
