// expect: stores to [sp, #12 .. #20), outside f's frame= scratch [sp, #0 .. #16)
// the last bytes of a store count too
.ctasm_text
.ctasm_proc f, frame=16
	strd	r0, r1, [sp, #12]
	.ctasm_ret
.ctasm_endproc
