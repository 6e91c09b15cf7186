// expect: moves sp
.ctasm_text
.ctasm_proc f
	push	{r4, r5}
	pop	{r4, r5}
	.ctasm_ret
.ctasm_endproc
