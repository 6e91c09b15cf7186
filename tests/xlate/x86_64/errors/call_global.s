# expect: direct call to global function g
.ctasm_text
.ctasm_proc g, global
.ctasm_ret
.ctasm_endproc
.ctasm_proc f
	call	g
.ctasm_ret
.ctasm_endproc
