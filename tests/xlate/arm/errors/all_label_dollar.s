// expect: label .La$b: only .L labels
// A .L label is .L and word characters on both translators ($ was ARM-only).
.ctasm_text
.ctasm_proc f
.La$b:
	.ctasm_ret
.ctasm_endproc
