// expect: operands do not match any form of orn
// clang takes orn/eon/bics with an immediate, GNU as does not
.ctasm_text
.ctasm_proc f
	orn	x3, x4, #15
	.ctasm_ret
.ctasm_endproc
