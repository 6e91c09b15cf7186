# expect: two broadcasts on one operand
.ctasm_text
.ctasm_proc f
	vpxorq	(%rax){1to8}{1to8}, %zmm1, %zmm0
.ctasm_ret
.ctasm_endproc
