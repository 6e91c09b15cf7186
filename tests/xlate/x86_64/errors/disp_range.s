# expect: displacement 4294967304 does not fit in 32 bits
# A displacement is a signed 32-bit field: gas refuses more, nasm wraps it (fuzz seed 2).
.ctasm_text
.ctasm_proc	f, global, args=1
	movq	4294967304(%rdi), %rax
	.ctasm_ret
.ctasm_endproc
