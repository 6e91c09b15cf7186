# expect: unsupported operand decoration
.ctasm_text
.ctasm_proc f
	vpxord	%zmm1, %zmm2, %zmm0{sae}
.ctasm_ret
.ctasm_endproc
