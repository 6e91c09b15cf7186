// expect: should be a q register
.ctasm_arch_ext aes
.ctasm_text
.ctasm_proc f
	aese.8	q0, d1
	.ctasm_ret
.ctasm_endproc
