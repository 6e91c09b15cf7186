# expect: is reserved (leading __
.ctasm_text
.ctasm_proc __x86_64__, global
.ctasm_ret
.ctasm_endproc
