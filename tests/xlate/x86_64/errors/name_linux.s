# expect: a preprocessor macro on some flavour
.ctasm_text
.ctasm_proc linux, global
.ctasm_ret
.ctasm_endproc
