# expect: only + and - may apply to a symbol
# ~ or * of an address is not a link-time constant everywhere.
.ctasm_text
.ctasm_proc f
	.ctasm_adr	%rax, .Lk
	movq	~.Lk(%rip), %rax
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lk:
	.quad	1
