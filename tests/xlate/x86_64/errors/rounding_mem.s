# expect: {rz-sae} needs zmm register operands (no memory, no broadcast)
.ctasm_text
.ctasm_proc	f, global
	vaddpd	{rz-sae}, (%rdi), %zmm2, %zmm3
	vzeroupper
.ctasm_ret
.ctasm_endproc
