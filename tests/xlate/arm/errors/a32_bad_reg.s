// expect: bad register
.ctasm_text
.ctasm_proc f, save=x19
.ctasm_endproc
