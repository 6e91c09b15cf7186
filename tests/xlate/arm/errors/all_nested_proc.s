// expect: missing .ctasm_endproc
.ctasm_text
.ctasm_proc f
.ctasm_proc g
.ctasm_endproc
