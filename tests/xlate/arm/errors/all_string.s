// expect: unterminated string
.ctasm_rodata
	.asciz "abc
