# expect: raw .section is not part of the dialect
.section .data
.long 1
