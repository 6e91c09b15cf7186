# expect: raw .globl is not part of the dialect
# On nasm this exported a non-global proc without its Win64 entry.
.ctasm_text
.ctasm_proc f
.ctasm_ret
.ctasm_endproc
.globl f
