# expect: label .Lx defined twice
.ctasm_text
.ctasm_proc f
.Lx:
	nop ; .Lx: nop
.ctasm_ret
.ctasm_endproc
