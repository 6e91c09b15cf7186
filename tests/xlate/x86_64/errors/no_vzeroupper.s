# expect: never executes vzeroupper
# The ymm write is in a local helper; the exported caller must clear the upper halves.
.ctasm_text
.ctasm_proc helper
	vpxor	%ymm1, %ymm1, %ymm1
.ctasm_ret
.ctasm_endproc
.ctasm_proc f, global
	call	helper
.ctasm_ret
.ctasm_endproc
