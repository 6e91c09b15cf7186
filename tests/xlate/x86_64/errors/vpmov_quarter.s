# expect: 'vpmovdb' does not take (zmm,ymm)
.ctasm_text
.ctasm_proc	f, global
	vpmovdb	%zmm1, %ymm2
	vzeroupper
.ctasm_ret
.ctasm_endproc
