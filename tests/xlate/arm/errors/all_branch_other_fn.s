// expect: a label of function g
.ctasm_text
.ctasm_proc g
.Lin_g:
	.ctasm_ret
.ctasm_endproc
.ctasm_proc f
	b	.Lin_g
.ctasm_endproc
