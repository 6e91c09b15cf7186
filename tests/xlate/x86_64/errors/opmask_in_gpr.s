# expect: opmask register %k1 in 'movq'
# Opmasks move through kmov*.
.ctasm_text
.ctasm_proc f
	movq	%k1, %rax
.ctasm_ret
.ctasm_endproc
