# expect: a macro the C preprocessor predefines
.ctasm_text
.ctasm_proc unix, global
.ctasm_ret
.ctasm_endproc
