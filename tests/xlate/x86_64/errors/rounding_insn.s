# expect: 'vpaddd' takes no embedded rounding {rd-sae}
.ctasm_text
.ctasm_proc	f, global
	vpaddd	{rd-sae}, %zmm1, %zmm2, %zmm3
	vzeroupper
.ctasm_ret
.ctasm_endproc
