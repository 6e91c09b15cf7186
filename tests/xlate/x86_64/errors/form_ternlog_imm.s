# expect: 'vpternlogd' does not take (zmm,zmm,zmm)
# vpternlogd needs its truth table.
.ctasm_text
.ctasm_proc f
	vpternlogd	%zmm0, %zmm1, %zmm2
.ctasm_ret
.ctasm_endproc
