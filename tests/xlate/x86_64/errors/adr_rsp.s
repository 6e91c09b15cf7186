# expect: would overwrite the stack pointer
.ctasm_text
.ctasm_proc f
	.ctasm_adr	%rsp, .Lk
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lk:
	.long	0
