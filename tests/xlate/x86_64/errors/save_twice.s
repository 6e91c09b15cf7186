# expect: save=rbx listed twice
.ctasm_text
.ctasm_proc f, save=rbx,rbx
.ctasm_ret
.ctasm_endproc
