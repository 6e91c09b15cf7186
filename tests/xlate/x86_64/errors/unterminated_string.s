# expect: unterminated string
.ctasm_rodata
.ascii "abc
