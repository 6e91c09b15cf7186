# expect: address register %r8d is not a 64-bit general register
.ctasm_text
.ctasm_proc	f, global
	movl	8(%rdi,%r8d,4), %eax
.ctasm_ret
.ctasm_endproc
