# expect: raw .cfi_offset is not part of the dialect
.ctasm_text
.ctasm_proc f, save=rbx
	.cfi_offset	%rbx, -24
.ctasm_ret
.ctasm_endproc
