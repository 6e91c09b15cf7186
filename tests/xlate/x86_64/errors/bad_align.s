# expect: .ctasm_align needs a power-of-two
.ctasm_rodata
.ctasm_align 24
