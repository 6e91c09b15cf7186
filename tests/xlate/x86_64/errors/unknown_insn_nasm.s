# expect[nasm]: instruction 'frobq' is not known
.ctasm_text
.ctasm_proc f
	frobq	%rax
.ctasm_ret
.ctasm_endproc
