# expect: section change inside function f
.ctasm_text
.ctasm_proc f
.ctasm_rodata
.ctasm_ret
.ctasm_endproc
