// expect: needs .ctasm_arch_ext aes
.ctasm_text
.ctasm_proc f
	aese	v0.16b, v1.16b
	.ctasm_ret
.ctasm_endproc
