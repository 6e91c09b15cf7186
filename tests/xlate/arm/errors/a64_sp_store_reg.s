// expect: a register offset cannot be bounded; sp-relative stores must stay inside f's frame= scratch
// the translator cannot tell where [sp, x1] lands
.ctasm_text
.ctasm_proc f, frame=16
	str	x0, [sp, x1]
	.ctasm_ret
.ctasm_endproc
