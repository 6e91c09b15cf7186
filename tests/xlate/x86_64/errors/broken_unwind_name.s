# expect: broken_unwind is only for the ctasm_unwind_neg_* test fixtures
.ctasm_text
.ctasm_proc f, broken_unwind
.ctasm_ret
.ctasm_endproc
