# expect: 'vpmovwb' does not take (mem,ymm)
.ctasm_text
.ctasm_proc	f, global
	vpmovwb	(%rdi), %ymm2
	vzeroupper
.ctasm_ret
.ctasm_endproc
