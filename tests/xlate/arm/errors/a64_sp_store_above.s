// expect: 'str x5, [sp, #240]' stores to [sp, #240 .. #248), outside f's frame= scratch [sp, #0 .. #0)
// a leaf's store into its caller's frame
.ctasm_text
.ctasm_proc f
	str	x5, [sp, #240]
	.ctasm_ret
.ctasm_endproc
