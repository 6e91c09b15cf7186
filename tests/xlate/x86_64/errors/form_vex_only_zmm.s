# expect: needs an EVEX instruction; 'vpxor' is VEX-only
# vpxor has no EVEX form: 512-bit code writes vpxord or vpxorq.
.ctasm_text
.ctasm_proc f
	vpxor	%zmm0, %zmm1, %zmm2
.ctasm_ret
.ctasm_endproc
