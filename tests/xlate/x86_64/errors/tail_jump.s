# expect: jmp to function g skips the epilogue of f
.ctasm_text
.ctasm_proc g
.ctasm_ret
.ctasm_endproc
.ctasm_proc f, global
	jmp	g
.ctasm_endproc
