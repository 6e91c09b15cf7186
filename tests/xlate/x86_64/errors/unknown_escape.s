# expect: unknown escape
.ctasm_rodata
.ascii "a\q"
