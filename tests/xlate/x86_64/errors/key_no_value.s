# expect: save= without a value
# A key with nothing after '=' is refused on both translators (it was ignored).
.ctasm_text
.ctasm_proc f, save=, global
	.ctasm_ret
.ctasm_endproc
