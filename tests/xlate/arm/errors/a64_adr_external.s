// expect: only .L labels and functions of this file
.ctasm_text
.ctasm_proc f
	.ctasm_adr	x0, memcpy
	.ctasm_ret
.ctasm_endproc
