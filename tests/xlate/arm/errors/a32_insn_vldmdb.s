// expect: operands do not match any form of vldmdb
.ctasm_text
.ctasm_proc f
	vldmdb	r0, {d8-d15}
	.ctasm_ret
.ctasm_endproc
