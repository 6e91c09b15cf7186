# expect: label .Lx defined twice
# The same label line twice: the second must be refused like the first is taken
# (a memo of split lines must not hand out a copy the label was stripped from).
.ctasm_text
.ctasm_proc f
.Lx:
	nop
.Lx:
	nop
.ctasm_ret
.ctasm_endproc
