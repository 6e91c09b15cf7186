// expect: the translator's job
.arch_extension crypto
