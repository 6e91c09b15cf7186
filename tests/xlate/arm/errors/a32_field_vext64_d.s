// expect: operands do not match any form of vext
// GNU as takes vext.64 on d registers (index 0), clang does not
.ctasm_text
.ctasm_proc f
	vext.64	d0, d1, d2, #0
	bx	lr
.ctasm_endproc
