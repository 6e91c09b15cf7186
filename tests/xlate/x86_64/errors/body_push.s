# expect: 'pushq' moves the stack pointer
# Undescribed on every flavour before (the unwinder lost the return address).
.ctasm_text
.ctasm_proc f, global
	pushq	%rax
	popq	%rax
.ctasm_ret
.ctasm_endproc
