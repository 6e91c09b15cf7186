// expect: stores to [sp, #0 .. #128), outside f's frame= scratch [sp, #0 .. #64)
// vstm stores 8 bytes per d register
.ctasm_text
.ctasm_proc f, frame=64
	vstmia	sp, {d0-d15}
	.ctasm_ret
.ctasm_endproc
