// expect: save= allows r0-r12 and lr only
.ctasm_text
.ctasm_proc f, save=r4,r13
.ctasm_endproc
