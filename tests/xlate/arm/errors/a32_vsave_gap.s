// expect: one contiguous range
.ctasm_text
.ctasm_proc f, vsave=d8,d10
.ctasm_endproc
