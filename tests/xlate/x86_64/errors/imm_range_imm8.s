# expect: does not fit 'pshufd'
.ctasm_text
.ctasm_proc f
	pshufd	$256, %xmm0, %xmm1
.ctasm_ret
.ctasm_endproc
