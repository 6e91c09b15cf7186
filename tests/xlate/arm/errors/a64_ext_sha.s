// expect: not supported by .ctasm_arch_ext
.ctasm_arch_ext aes
.ctasm_text
.ctasm_proc f
	sha256h	q0, q1, v2.4s
	.ctasm_ret
.ctasm_endproc
