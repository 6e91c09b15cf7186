# expect: a register or NASM keyword
.ctasm_text
.ctasm_proc rax, global
.ctasm_ret
.ctasm_endproc
