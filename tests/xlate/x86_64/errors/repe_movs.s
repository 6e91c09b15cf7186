# expect: 'repe' repeats only cmps and scas
# movs, stos and lods repeat with rep.
.ctasm_text
.ctasm_proc f
	repe movsq
.ctasm_ret
.ctasm_endproc
