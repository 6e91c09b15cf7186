// expect: 'str r5, [sp, #240]' stores to [sp, #240 .. #244), outside f's frame= scratch [sp, #0 .. #0)
// a leaf's store into its caller's frame (fuzz finding armv7.sp_store_above)
.ctasm_text
.ctasm_proc f
	str	r5, [sp, #240]
	.ctasm_ret
.ctasm_endproc
