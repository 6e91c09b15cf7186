// expect: wants one extension name
.ctasm_arch_ext crypto
