# expect: raw .rept is not part of the dialect: use Perl in the script
# One table of refused raw directives for both translators.
.ctasm_text
.ctasm_proc f
.rept 2
	nop
.endr
	.ctasm_ret
.ctasm_endproc
