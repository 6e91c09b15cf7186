# expect: nested .ctasm_proc
.ctasm_text
.ctasm_proc f
.ctasm_proc g
.ctasm_endproc
