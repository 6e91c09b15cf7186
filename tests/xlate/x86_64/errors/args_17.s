# expect: args=17: at most 16 integer arguments
.ctasm_text
.ctasm_proc f, args=17
.ctasm_ret
.ctasm_endproc
