# expect: unknown .ctasm_proc key 'vsave=d8'
.ctasm_text
.ctasm_proc f, vsave=d8
.ctasm_ret
.ctasm_endproc
