# expect: 'f-.Lk' relates labels of different sections (f in text, .Lk in rodata)
# A function is a label of .text like any other.
.ctasm_text
.ctasm_proc	f
	.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lk:	.quad	f-.Lk
