# expect: 'vpcmpeqb' does not take (zmm,zmm,zmm)
# EVEX compares write an opmask, never a vector.
.ctasm_text
.ctasm_proc f
	vpcmpeqb	%zmm0, %zmm1, %zmm2
.ctasm_ret
.ctasm_endproc
