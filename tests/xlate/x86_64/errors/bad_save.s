# expect: save=rdi: only the callee-saved
.ctasm_text
.ctasm_proc f, save=rbx,rdi
.ctasm_ret
.ctasm_endproc
