// expect: only .L labels
.ctasm_text
.ctasm_proc f
1:
	.ctasm_ret
.ctasm_endproc
