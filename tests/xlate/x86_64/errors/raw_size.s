# expect: raw .size is not part of the dialect
.ctasm_text
.ctasm_proc f
.ctasm_ret
.ctasm_endproc
.size	f,.-f
