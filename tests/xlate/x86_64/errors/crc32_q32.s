# expect: 'crc32q' needs a 64-bit register destination
.ctasm_text
.ctasm_proc	f, global
	crc32q	%rax, %eax
	vzeroupper
.ctasm_ret
.ctasm_endproc
