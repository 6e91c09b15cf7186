# expect: frame=4000: at most 3840
.ctasm_text
.ctasm_proc f, frame=4000
.ctasm_ret
.ctasm_endproc
