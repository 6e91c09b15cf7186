# expect: {rn-sae} must be the first operand, once
.ctasm_text
.ctasm_proc	f, global
	vaddps	%zmm1, %zmm2, %zmm3, {rn-sae}
	vzeroupper
.ctasm_ret
.ctasm_endproc
