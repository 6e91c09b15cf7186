# expect: label rel: only .L labels
# A plain label: labels are .L labels only (rel is a NASM keyword too).
.ctasm_text
.ctasm_proc f
rel:
.ctasm_ret
.ctasm_endproc
