// expect: given twice
.ctasm_arch_ext aes
.ctasm_arch_ext aes
