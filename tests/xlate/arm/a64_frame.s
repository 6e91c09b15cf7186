// Full frame: frame record (PAC), x19-x22 pairs, d8-d15, scratch frame,
// two returns (remember/restore state), a constant table through .ctasm_adr.
.ctasm_text
.ctasm_proc	frame_full, global, save=x19-x22,x29,x30, vsave=d8-d15, frame=24
	cbz	x0, .Learly
	.ctasm_adr	x9, .Ltable
	ld1	{v0.16b}, [x9]
	tbl	v1.16b, {v0.16b}, v0.16b
	bl	frame_full
	.ctasm_ret
.Learly:
	mov	x0, #7
	.ctasm_ret
.ctasm_endproc

.ctasm_rodata
.ctasm_align	64
.Ltable:
	.byte	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.quad	0x0123456789abcdef
