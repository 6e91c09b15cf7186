# expect: unsupported section
.section .data
.long 1
