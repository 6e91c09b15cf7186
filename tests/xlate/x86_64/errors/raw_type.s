# expect: raw .type is not part of the dialect
.ctasm_text
.ctasm_proc f
.ctasm_ret
.ctasm_endproc
.type	f,@function
