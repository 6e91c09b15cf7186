# expect: .ctasm_align needs a power-of-two byte count
# Alignments are byte counts, powers of two.
.ctasm_text
.ctasm_align 24
