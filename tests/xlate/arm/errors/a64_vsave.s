// expect: vsave= allows d8-d15 only
.ctasm_text
.ctasm_proc f, vsave=d0-d8
.ctasm_endproc
