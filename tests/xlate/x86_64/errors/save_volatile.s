# expect: save=rax: only the callee-saved rbx rbp r12-r15 can be listed
.ctasm_text
.ctasm_proc f, save=rax
.ctasm_ret
.ctasm_endproc
