// expect: label .La defined twice
.ctasm_text
.ctasm_proc f
.La:
.La:
	.ctasm_ret
.ctasm_endproc
