# expect: raw .text is not part of the dialect
.text
.ctasm_proc f
.ctasm_ret
.ctasm_endproc
