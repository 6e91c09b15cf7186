# Indexed rsp operands (X86_64/StackFrame.pm): the displacement with index 0 must be
# an access inside the frame= scratch [0, frame16) (lea: an address in [0, frame16]);
# the script keeps the index so that the whole access stays inside (bsaes-x86_64:
# 224(%rsp,%rdx), leaq 208(%rsp,%r11)). The edges:
.ctasm_text
.ctasm_proc	stack_index, args=1, frame=232
	movdqa	224(%rsp,%rdi), %xmm0
	movdqa	%xmm0, (%rsp,%rdi)
	movb	239(%rsp,%rdi), %al
	movq	232(%rsp,%rdi,8), %rcx
	leaq	240(%rsp,%rdi), %rax
	leaq	0(%rsp,%rdi,2), %rax
	.ctasm_ret
.ctasm_endproc
