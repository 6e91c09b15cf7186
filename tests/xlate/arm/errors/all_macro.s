// expect: not part of the dialect
.macro m
	nop
.endm
