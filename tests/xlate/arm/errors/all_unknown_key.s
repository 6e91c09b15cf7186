// expect: unknown .ctasm_proc key
.ctasm_text
.ctasm_proc f, stack=16
.ctasm_endproc
