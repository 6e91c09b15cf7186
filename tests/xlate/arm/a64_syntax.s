// Lexical details: ';' separates statements, '//' starts a comment, strings
// keep both; '#' lines are comments ('#if' and the like are refused; with a
// space, "# if" is a comment and never reaches the C preprocessor).
# a hash comment
# if this reached the preprocessor it would be an error
.ctasm_text
#	endif (tab: a comment too)
.ctasm_proc	syntax, global
	mov x0, #1 ; add x0, x0, #2	// two statements
.Lx:	sub	x0, x0, #1	// label and instruction on one line
	.ctasm_ret
.ctasm_endproc
.ctasm_proc	after_semicolon, global ; mov x0, #1 ; .ctasm_ret ; .ctasm_endproc
.ctasm_rodata
.Lstr:
	.asciz	"a;b // not a comment"
	.p2align	3
	.balign	16
	.align	2
	.inst	0xd503201f
