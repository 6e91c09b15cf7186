// expect: raw .text is not part of the dialect: use .ctasm_text / .ctasm_rodata
// One table of refused raw directives for both translators (ARM took .text as .ctasm_text).
.text
.ctasm_proc f
	.ctasm_ret
.ctasm_endproc
