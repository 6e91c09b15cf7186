// expect: data in a body runs as unchecked instructions
// 0xd2800012 is 'mov x18, #0' on AArch64: raw words would slip past every check
.ctasm_text
.ctasm_proc f
	.inst	0xd2800012
	.ctasm_ret
.ctasm_endproc
