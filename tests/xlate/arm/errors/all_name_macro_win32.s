// expect: function name 'WIN32' is a preprocessor macro on some flavour
// One list of predefined macros for both translators (WIN32 was x86_64-only).
.ctasm_text
.ctasm_proc WIN32
	.ctasm_ret
.ctasm_endproc
