# expect: missing ')' in expression
.ctasm_rodata
.long (1+2
