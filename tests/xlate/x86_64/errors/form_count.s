# expect: 'pxor' does not take (xmm)
# Operand count checked per mnemonic (Forms.pm): gas and nasm both refuse a one-operand pxor.
.ctasm_text
.ctasm_proc f
	pxor	%xmm0
.ctasm_ret
.ctasm_endproc
