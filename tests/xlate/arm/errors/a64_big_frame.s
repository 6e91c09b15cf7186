// expect: at most 4080
.ctasm_text
.ctasm_proc f, frame=8192
.ctasm_endproc
