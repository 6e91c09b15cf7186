# expect: {rn-sae} needs zmm register operands (no memory, no broadcast)
.ctasm_text
.ctasm_proc	f, global
	vaddps	{rn-sae}, %ymm1, %ymm2, %ymm3
	vzeroupper
.ctasm_ret
.ctasm_endproc
