# expect: vector register %ymm0 in 'vzeroupper'
.ctasm_text
.ctasm_proc f
	vzeroupper	%ymm0
.ctasm_ret
.ctasm_endproc
