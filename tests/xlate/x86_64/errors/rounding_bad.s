# expect: unsupported operand decoration {rx-sae}
.ctasm_text
.ctasm_proc	f, global
	vaddps	{rx-sae}, %zmm1, %zmm2, %zmm3
	vzeroupper
.ctasm_ret
.ctasm_endproc
