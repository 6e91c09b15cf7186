# expect: 'bswap' takes no 16-bit operands
# bswap is 32- or 64-bit (16-bit bswap is undefined).
.ctasm_text
.ctasm_proc f
	bswap	%ax
.ctasm_ret
.ctasm_endproc
