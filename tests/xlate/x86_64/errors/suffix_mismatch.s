# expect: operand size mismatch in 'addl'
# gas refuses it, nasm used to assemble it as add rax,1: refused on every flavour.
.ctasm_text
.ctasm_proc f
	addl	$1, %rax
.ctasm_ret
.ctasm_endproc
