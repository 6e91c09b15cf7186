# expect: bare ret inside a .ctasm_proc
.ctasm_text
.ctasm_proc f, save=rbx
	ret
.ctasm_endproc
