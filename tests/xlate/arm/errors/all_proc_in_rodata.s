// expect: .ctasm_proc in the rodata section
.ctasm_rodata
.ctasm_proc f
.ctasm_endproc
