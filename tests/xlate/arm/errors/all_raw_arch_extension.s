// expect: is not part of the dialect: use
.arch_extension crypto
