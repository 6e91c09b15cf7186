# expect: .ctasm_proc outside .ctasm_text
# Functions live in .ctasm_text.
.ctasm_rodata
.ctasm_proc f
.ctasm_ret
.ctasm_endproc
