// expect: x29 and x30 together
.ctasm_text
.ctasm_proc f, save=x19,x30
.ctasm_endproc
