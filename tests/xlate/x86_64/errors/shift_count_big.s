# expect: shift count out of range 0..63
# Shifts beyond 63 differ per assembler.
.ctasm_text
.ctasm_proc f
	movq	$1<<64, %rax
.ctasm_ret
.ctasm_endproc
