// expect: is not an ARM immediate
.ctasm_text
.ctasm_proc f, frame=1032
.ctasm_endproc
