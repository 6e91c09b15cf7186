# expect: takes no opmask
.ctasm_text
.ctasm_proc f
	pxor	%xmm1, %xmm0{%k1}
.ctasm_ret
.ctasm_endproc
