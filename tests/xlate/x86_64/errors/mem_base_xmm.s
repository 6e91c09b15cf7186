# expect: address register %xmm6 is not a 64-bit general register
.ctasm_text
.ctasm_proc	f, global
	movdqa	(%xmm6), %xmm1
.ctasm_ret
.ctasm_endproc
