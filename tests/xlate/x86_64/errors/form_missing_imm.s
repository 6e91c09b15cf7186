# expect: 'pshufd' does not take (xmm,xmm)
# pshufd needs its immediate: refused by the table, not by the assembler.
.ctasm_text
.ctasm_proc f
	pshufd	%xmm0, %xmm1
.ctasm_ret
.ctasm_endproc
