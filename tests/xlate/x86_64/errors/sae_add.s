# expect: 'vaddps' takes no {sae}
.ctasm_text
.ctasm_proc	f, global
	vaddps	{sae}, %zmm1, %zmm2, %zmm3
	vzeroupper
.ctasm_ret
.ctasm_endproc
