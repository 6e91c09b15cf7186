# expect: {%k0} is not a write mask
.ctasm_text
.ctasm_proc f
	vpxord	%zmm1, %zmm2, %zmm0{%k0}
.ctasm_ret
.ctasm_endproc
