# expect: bare memory operand
.ctasm_text
.ctasm_proc f
	jmp	*.Lk
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lk:
	.quad	0
