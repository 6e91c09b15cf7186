# expect: needs {1to16}
.ctasm_text
.ctasm_proc f
	vpxord	(%rax){1to8}, %zmm1, %zmm0
.ctasm_ret
.ctasm_endproc
