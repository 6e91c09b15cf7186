// expect: preprocessor directive '#define'
.ctasm_text
.ctasm_proc f
#define KEY x18
	mov	KEY, #0
	.ctasm_ret
.ctasm_endproc
