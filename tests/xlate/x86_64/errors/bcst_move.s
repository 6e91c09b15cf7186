# expect: takes no embedded broadcast
.ctasm_text
.ctasm_proc f
	vmovdqu64	(%rax){1to8}, %zmm0
.ctasm_ret
.ctasm_endproc
