# expect: args=7: at most 6
.ctasm_text
.ctasm_proc f, args=7
.ctasm_ret
.ctasm_endproc
