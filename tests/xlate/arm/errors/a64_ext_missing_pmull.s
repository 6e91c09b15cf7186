// expect: needs .ctasm_arch_ext aes
.ctasm_text
.ctasm_proc f
	pmull2	v0.1q, v1.2d, v2.2d
	.ctasm_ret
.ctasm_endproc
