# expect: 'crc32l': the source must be a 32-bit register or memory
.ctasm_text
.ctasm_proc	f, global
	crc32l	%ax, %eax
	vzeroupper
.ctasm_ret
.ctasm_endproc
