// expect: is an operand keyword
// bti's targets and csync are operand keywords (Arm/Keywords.pm, the operand
// check's own table): a function of that name would be read as the keyword.
.ctasm_text
.ctasm_proc jc
	.ctasm_ret
.ctasm_endproc
