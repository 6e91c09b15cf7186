// expect: a register offset from sp cannot be bounded; sp-relative stores must stay inside f's frame= scratch
// the translator cannot tell where [sp, r1] lands
.ctasm_text
.ctasm_proc f, frame=16
	str	r0, [sp, r1]
	.ctasm_ret
.ctasm_endproc
