// expect: moves sp
.ctasm_text
.ctasm_proc f, save=r4,lr
	pop	{r4, pc}
.ctasm_endproc
