# expect: .ctasm_endproc takes no operands
.ctasm_text
.ctasm_proc f
.ctasm_ret
.ctasm_endproc f
