// expect: is not a power of two
.ctasm_rodata
.ctasm_align 24
