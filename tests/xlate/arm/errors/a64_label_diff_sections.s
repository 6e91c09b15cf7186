// expect: '.Lb-.La' relates labels of different sections (.Lb in text, .La in rodata)
// AArch64 keeps constants apart from code: linux64 wrote a PC-relative relocation,
// ios64 an absolute one against f, win64 none (the x86_64 class, label_diff_sections).
.ctasm_rodata
.La:	.word	1
.ctasm_text
.ctasm_proc f
	ret
.ctasm_endproc
.Lb:
.ctasm_rodata
.Lc:	.quad	.Lb-.La
