# expect: .p2align needs a small log2 count
# log2 counts above 12 (4 KiB) are refused.
.ctasm_text
.p2align 13
