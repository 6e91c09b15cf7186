# expect: function name 'aarch64' is a preprocessor macro on some flavour
# One list of predefined macros for both translators (it was ARM-only).
.ctasm_text
.ctasm_proc aarch64
	.ctasm_ret
.ctasm_endproc
