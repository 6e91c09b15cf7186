// expect: a branch to a register is written bx/blx
.ctasm_text
.ctasm_proc f
	bl	r3
	.ctasm_ret
.ctasm_endproc
