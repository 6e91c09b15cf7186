// expect: a branch to a register is written br/blr
.ctasm_text
.ctasm_proc f
	bl	x9
	.ctasm_ret
.ctasm_endproc
