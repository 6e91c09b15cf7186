// expect: .ctasm_arch_ext inside function
.ctasm_text
.ctasm_proc f
.ctasm_arch_ext aes
	.ctasm_ret
.ctasm_endproc
