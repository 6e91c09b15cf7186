# expect: 'addq' reaches [64, 72) from %rsp, outside ctasm_fz_beyond's frame= scratch [0, 16)
# A stack operand beyond the frame= scratch named a different slot per flavour (the Win64
# prologue pushes rdi/rsi there): fuzz finding, accepted before X86_64/StackFrame.pm.
.ctasm_text
.ctasm_proc	ctasm_fz_beyond, global, args=2, save=rbx, frame=16
	movq	%rsi, %rbx
	addq	64(%rsp), %rbx
	movq	%rbx, %rax
	.ctasm_ret
.ctasm_endproc
