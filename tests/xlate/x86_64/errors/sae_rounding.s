# expect: 'vmaxps' takes no embedded rounding {rn-sae}
.ctasm_text
.ctasm_proc	f, global
	vmaxps	{rn-sae}, %zmm1, %zmm2, %zmm3
	vzeroupper
.ctasm_ret
.ctasm_endproc
