# expect: args= wants a decimal argument count (no leading zeros
# Keys are plain decimal on both translators (x86_64 read args=010 as 10).
.ctasm_text
.ctasm_proc f, global, args=010
	.ctasm_ret
.ctasm_endproc
