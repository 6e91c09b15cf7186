# expect: 'vpmovqd' does not take (zmm,zmm)
.ctasm_text
.ctasm_proc	f, global
	vpmovqd	%zmm1, %zmm2
	vzeroupper
.ctasm_ret
.ctasm_endproc
