# expect: takes no embedded broadcast
# Only the instructions of the broadcast table take {1toN}.
.ctasm_text
.ctasm_proc f
	vpshufb	(%rax){1to16}, %zmm1, %zmm0
.ctasm_ret
.ctasm_endproc
