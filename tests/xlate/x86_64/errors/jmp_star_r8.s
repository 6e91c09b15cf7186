# expect: indirect target %ah of 'jmpq' is not a 64-bit register
.ctasm_text
.ctasm_proc	f, global
	jmpq	*%ah
.ctasm_endproc
