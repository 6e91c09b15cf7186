# expect: rbp is the frame pointer
.ctasm_text
.ctasm_proc f, align=64, save=rbx,rbp
.ctasm_ret
.ctasm_endproc
