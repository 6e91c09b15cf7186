# expect: 'rep' repeats only movs, stos and lods
# cmps and scas repeat with repe or repne, which say when to stop.
.ctasm_text
.ctasm_proc f
	rep cmpsb
.ctasm_ret
.ctasm_endproc
