# expect: .ctasm_proc needs a function name
.ctasm_text
.ctasm_proc
