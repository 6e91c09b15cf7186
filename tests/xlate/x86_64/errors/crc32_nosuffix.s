# expect: unknown instruction 'crc32'
.ctasm_text
.ctasm_proc	f, global
	crc32	%eax, %eax
	vzeroupper
.ctasm_ret
.ctasm_endproc
