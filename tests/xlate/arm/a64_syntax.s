// Lexical details: ';' separates statements, '//' starts a comment, strings
// keep both; '#' lines are comments unless they are preprocessor directives.
# a hash comment
#if 1
.ctasm_text
#endif
.ctasm_proc	syntax, global
	mov x0, #1 ; add x0, x0, #2	// two statements
.Lx:	sub	x0, x0, #1	// label and instruction on one line
	.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lstr:
	.asciz	"a;b // not a comment"
	.p2align	3
	.balign	16
	.align	2
	.inst	0xd503201f
