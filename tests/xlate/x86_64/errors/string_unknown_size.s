# expect: unknown instruction 'lodsx'
# String instructions take a b, w, l or q size.
.ctasm_text
.ctasm_proc f
	lodsx
.ctasm_ret
.ctasm_endproc
