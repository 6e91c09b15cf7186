# Win64 saves cover registers written implicitly or through pseudo-ops: lodsb steps
# rsi, .ctasm_adr and .ctasm_stack_arg write their register (rdi here), and a local
# helper's use reaches its global caller. Each function below must push rdi/rsi on
# nasm.
.ctasm_text
.ctasm_proc	demo_lods, global
	leaq	.Lim_k(%rip), %rax
	xorl	%ecx, %ecx
	lodsb
.ctasm_ret
.ctasm_endproc
.ctasm_proc	demo_adr_rdi, global
	.ctasm_adr	%rdi, .Lim_k
	movq	(%rdi), %rax
.ctasm_ret
.ctasm_endproc
.ctasm_proc	demo_stack_rsi, global, args=7
	.ctasm_stack_arg	7, %rax
.ctasm_ret
.ctasm_endproc
# rep movsb / rep stosq: rdi, rsi (and rcx) implicitly.
.ctasm_proc	demo_rep, global, args=3
	movq	%rdx, %rcx
	movq	%rsi, %rax
	movq	%rdi, %rdx
	movq	%rax, %rdi
	movq	%rdx, %rsi
	rep movsb
.ctasm_ret
.ctasm_endproc
.ctasm_proc	demo_rep_stos, global, frame=32
	xorl	%eax, %eax
	movl	$4, %ecx
	movq	%rsp, %rdi
	rep stosq
.ctasm_ret
.ctasm_endproc
.ctasm_proc	im_helper
	.ctasm_adr	%rsi, .Lim_k
.ctasm_ret
.ctasm_endproc
.ctasm_proc	demo_calls_helper, global
	call	im_helper
.ctasm_ret
.ctasm_endproc
.ctasm_proc	demo_cpuid, global, save=rbx
	xorl	%eax, %eax
	cpuid
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lim_k:
	.quad	1
