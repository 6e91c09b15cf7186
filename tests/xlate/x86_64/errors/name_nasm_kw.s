# expect: a NASM keyword
.ctasm_text
.ctasm_proc qword, global
.ctasm_ret
.ctasm_endproc
