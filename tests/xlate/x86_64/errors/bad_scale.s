# expect: bad scale 3
# Scales are 1, 2, 4 or 8.
.ctasm_text
.ctasm_proc f
	movq	(%rdi,%rsi,3), %rax
.ctasm_ret
.ctasm_endproc
