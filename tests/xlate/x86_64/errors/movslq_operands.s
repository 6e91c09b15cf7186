# expect: 'movslq' needs a 32-bit source and a 64-bit register
# movslq sign-extends a dword into a qword register.
.ctasm_text
.ctasm_proc f
	movslq	%ax, %rax
.ctasm_ret
.ctasm_endproc
