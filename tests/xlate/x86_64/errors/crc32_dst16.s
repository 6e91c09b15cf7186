# expect: 'crc32w' needs a 32-bit register destination
.ctasm_text
.ctasm_proc	f, global
	crc32w	%ax, %ax
	vzeroupper
.ctasm_ret
.ctasm_endproc
