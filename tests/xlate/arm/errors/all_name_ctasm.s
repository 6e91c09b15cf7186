// expect: reserved for the CTASM_PREFIX
.ctasm_text
.ctasm_proc CTASM_PFX
	.ctasm_ret
.ctasm_endproc
