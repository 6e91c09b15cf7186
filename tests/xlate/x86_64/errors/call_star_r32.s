# expect: indirect target %eax of 'call' is not a 64-bit register
.ctasm_text
.ctasm_proc	f, global
	call	*%eax
.ctasm_ret
.ctasm_endproc
