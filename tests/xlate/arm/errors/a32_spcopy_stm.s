// expect: 'stm r1, {r2-r4}' stores to [sp, #8 .. #20) through r1 (sp + 8), outside f's frame= scratch [sp, #0 .. #16)
// a store multiple through a copy
.ctasm_text
.ctasm_proc f, save=r4,lr, frame=16
	add	r1, sp, #8
	stm	r1, {r2-r4}
	.ctasm_ret
.ctasm_endproc
