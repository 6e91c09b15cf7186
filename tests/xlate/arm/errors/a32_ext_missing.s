// expect: needs .ctasm_arch_ext aes
.ctasm_text
.ctasm_proc f
	vmull.p64	q0, d1, d2
	.ctasm_ret
.ctasm_endproc
