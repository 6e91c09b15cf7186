# expect: octal-looking literal
.ctasm_text
.ctasm_proc f
	nop
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lk:
	.long	1, 017
