# expect: a register name
.ctasm_text
.ctasm_proc rax, global
.ctasm_ret
.ctasm_endproc
