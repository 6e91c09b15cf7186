# expect: {z} needs an opmask
.ctasm_text
.ctasm_proc f
	vpxord	%zmm1, %zmm2, %zmm0{z}
.ctasm_ret
.ctasm_endproc
