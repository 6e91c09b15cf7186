# expect: .ctasm_ret takes no operands
.ctasm_text
.ctasm_proc f
.ctasm_ret 8
.ctasm_endproc
