# expect: {z} given twice
.ctasm_text
.ctasm_proc f
	vpxorq	%zmm2, %zmm1, %zmm0{%k1}{z}{z}
.ctasm_ret
.ctasm_endproc
