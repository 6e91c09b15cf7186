# expect: broken_unwind is only for ctasm_unwind_neg_
.ctasm_text
.ctasm_proc f, broken_unwind
.ctasm_ret
.ctasm_endproc
