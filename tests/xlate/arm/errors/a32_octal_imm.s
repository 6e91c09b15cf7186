// expect: octal-looking number
.ctasm_text
.ctasm_proc f
	ldr	r0, [r1, #010]
	.ctasm_ret
.ctasm_endproc
