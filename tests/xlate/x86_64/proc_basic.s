# Global leaf function, a local function with pushes and a frame, .ctasm_adr, rodata.
.ctasm_text
.ctasm_proc	demo_leaf, global
	movl	240(%rdx), %eax
	movdqa	.Lk_const(%rip), %xmm0
.ctasm_ret
.ctasm_endproc

.ctasm_proc	_demo_core, save=rbx,rbp, frame=24
	.ctasm_adr	%r11, .Lk_const
	movq	%rbx, 8(%rsp)
.Lcore_loop:
	subq	$1, %rax
	jnz	.Lcore_loop
.ctasm_ret
.ctasm_endproc

.ctasm_rodata
.ctasm_align	64
.Lk_const:
	.quad	0x0f0f0f0f0f0f0f0f, 0x0f0f0f0f0f0f0f0f
