// The zero registers as operands: xzr is 64-bit, wzr 32-bit (a stale regex
// group once read xzr as 32-bit and refused `adcs x0, x1, xzr`).
.ctasm_text
.ctasm_proc	ctasm_xlate_zr, global
	adcs	x0, x1, xzr
	adc	x2, xzr, x3
	mov	x4, xzr
	adc	w5, w6, wzr
	mov	w7, wzr
	ret
.ctasm_endproc
