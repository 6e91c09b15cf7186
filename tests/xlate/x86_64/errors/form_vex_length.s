# expect: 'vpxor' does not take (ymm,ymm,xmm)
# The vector operands of a VEX instruction have one length.
.ctasm_text
.ctasm_proc f
	vpxor	%ymm0, %ymm1, %xmm2
.ctasm_ret
.ctasm_endproc
