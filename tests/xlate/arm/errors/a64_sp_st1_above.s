// expect: 'st1 {v0.16b-v2.16b}, [sp]' stores to [sp, #0 .. #48), outside f's frame= scratch [sp, #0 .. #32)
// three q registers are 48 bytes: the last one overwrites the saved d8/d9
.ctasm_text
.ctasm_proc f, vsave=d8-d9, frame=32
	st1	{v0.16b-v2.16b}, [sp]
	.ctasm_ret
.ctasm_endproc
