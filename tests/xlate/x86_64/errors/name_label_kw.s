# expect: a register or NASM keyword
# A plain label, not only a function name.
.ctasm_text
.ctasm_proc f
rel:
.ctasm_ret
.ctasm_endproc
