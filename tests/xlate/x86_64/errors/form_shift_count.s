# expect: 'shlq' does not take (reg,reg)
# A variable shift count is %cl only (gas used to pass %rcx through).
.ctasm_text
.ctasm_proc f
	shlq	%rcx, %rax
.ctasm_ret
.ctasm_endproc
