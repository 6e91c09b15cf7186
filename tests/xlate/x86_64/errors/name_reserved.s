# expect: reserved to the implementation
.ctasm_text
.ctasm_proc __x86_64__, global
.ctasm_ret
.ctasm_endproc
