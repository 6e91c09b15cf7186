# expect: {1toN} broadcast applies to a memory operand
.ctasm_text
.ctasm_proc f
	vpxorq	%zmm2{1to8}, %zmm1, %zmm0
.ctasm_ret
.ctasm_endproc
