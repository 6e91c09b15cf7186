# expect: instruction outside .ctasm_proc
# No unwind data and no Win64 saves for code outside a function.
.ctasm_text
.ctasm_proc f, global
	call	.Lraw
.ctasm_ret
.ctasm_endproc
.Lraw:
	movq	$1, %rsi
	ret
