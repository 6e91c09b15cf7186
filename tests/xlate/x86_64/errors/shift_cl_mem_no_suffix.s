# expect: 'sar' with a memory operand and no register needs a size suffix
# The %cl count says nothing about the operand size: gas refuses the ambiguous form,
# nasm used to get `sar [rdi],cl` without a size.
.ctasm_text
.ctasm_proc f
	sar	%cl, (%rdi)
.ctasm_ret
.ctasm_endproc
