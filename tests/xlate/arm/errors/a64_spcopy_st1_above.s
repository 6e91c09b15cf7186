// expect: 'st1 {v0.16b-v2.16b}, [x15]' stores to [sp, #0 .. #48) through x15 (sp + 0), outside f's frame= scratch [sp, #0 .. #32)
// chacha20_poly1305_armv8 stores its partial block so: mov x15, sp; st1
.ctasm_text
.ctasm_proc f, vsave=d8-d9, frame=32
	mov	x15, sp
	st1	{v0.16b-v2.16b}, [x15]
	.ctasm_ret
.ctasm_endproc
