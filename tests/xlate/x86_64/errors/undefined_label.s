# expect: undefined local label .Lnowhere
.ctasm_text
.ctasm_proc f
	jmp	.Lnowhere
.ctasm_ret
.ctasm_endproc
