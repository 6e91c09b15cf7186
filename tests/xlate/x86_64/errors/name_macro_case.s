# expect: function name 'Win32' is a preprocessor macro on some flavour
# One list of predefined macros for both translators, compared in lower case.
.ctasm_text
.ctasm_proc Win32, global
	.ctasm_ret
.ctasm_endproc
