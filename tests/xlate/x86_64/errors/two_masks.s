# expect: two opmasks on one operand
.ctasm_text
.ctasm_proc f
	vpxorq	%zmm2, %zmm1, %zmm0{%k1}{%k2}
.ctasm_ret
.ctasm_endproc
