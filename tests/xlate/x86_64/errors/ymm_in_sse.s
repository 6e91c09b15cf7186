# expect: needs the VEX/EVEX form
.ctasm_text
.ctasm_proc f
	pxor	%ymm1, %ymm0
.ctasm_ret
.ctasm_endproc
