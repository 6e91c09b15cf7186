# expect: unknown .ctasm_proc key 'vsave'
.ctasm_text
.ctasm_proc f, vsave=d8
.ctasm_ret
.ctasm_endproc
