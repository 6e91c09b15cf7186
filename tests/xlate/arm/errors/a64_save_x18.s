// expect: save= allows x19-x30 only
.ctasm_text
.ctasm_proc f, save=x18
.ctasm_endproc
