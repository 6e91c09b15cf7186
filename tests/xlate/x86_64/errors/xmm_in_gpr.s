# expect: 'movl' does not take (xmm,reg)
# Integer instructions take general registers (movd moves to xmm).
.ctasm_text
.ctasm_proc f
	movl	%xmm0, %eax
.ctasm_ret
.ctasm_endproc
