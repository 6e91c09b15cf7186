// expect: needs a power-of-two byte count
.ctasm_rodata
.ctasm_align 24
