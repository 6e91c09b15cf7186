# expect: align=48: the frame alignment is 16, 32 or 64
.ctasm_text
.ctasm_proc f, align=48
.ctasm_ret
.ctasm_endproc
