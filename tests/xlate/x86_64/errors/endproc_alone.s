# expect: .ctasm_endproc without .ctasm_proc
.ctasm_text
.ctasm_endproc
