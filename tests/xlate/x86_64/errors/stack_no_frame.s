# expect: 'movq' reaches [0, 8) from %rsp, outside f's frame= scratch [0, 0)
# Without frame= there is no scratch: 0(%rsp) is the return address on SysV, but a save
# slot on Win64 or with save=.
.ctasm_text
.ctasm_proc	f, global, args=1, save=rbx
	movq	0(%rsp), %rax
	.ctasm_ret
.ctasm_endproc
