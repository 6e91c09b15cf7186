# expect: function f defined twice
.ctasm_text
.ctasm_proc f
	.ctasm_ret
.ctasm_endproc ; .ctasm_proc f
	.ctasm_ret
.ctasm_endproc
