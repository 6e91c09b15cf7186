// expect: operands do not match any form of blx
.ctasm_text
.ctasm_proc f
.L1:
	blx	.L1
	.ctasm_ret
.ctasm_endproc
