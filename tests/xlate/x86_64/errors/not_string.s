# expect: expected a string literal
.ctasm_rodata
.ascii abc
