# expect: at most 16 integer arguments are supported
.ctasm_text
.ctasm_proc f, args=17
.ctasm_ret
.ctasm_endproc
