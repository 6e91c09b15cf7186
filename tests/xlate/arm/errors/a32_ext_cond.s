// expect: take no condition
.ctasm_arch_ext aes
.ctasm_text
.ctasm_proc f
	aeseeq.8	q0, q1
	.ctasm_ret
.ctasm_endproc
