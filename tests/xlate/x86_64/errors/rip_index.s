# expect: %rip cannot be an index
# rip is only a base.
.ctasm_text
.ctasm_proc f
	movq	.Lk(%rbx,%rip), %rax
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lk:
	.quad	1
