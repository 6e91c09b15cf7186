# expect: unknown instruction 'frobnicate'
# Every flavour validates mnemonics through the one table (GAS used to pass it on).
.ctasm_text
.ctasm_proc f
	frobnicate	%rax
.ctasm_ret
.ctasm_endproc
