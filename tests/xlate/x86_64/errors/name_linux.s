# expect: a macro the C preprocessor predefines
.ctasm_text
.ctasm_proc linux, global
.ctasm_ret
.ctasm_endproc
