# expect: 'psrlq' does not take (xmm,imm)
# An immediate is never a destination.
.ctasm_text
.ctasm_proc f
	psrlq	%xmm0, $3
.ctasm_ret
.ctasm_endproc
