# expect: control reaches the end of f ('jnz' last)
# A conditional jump last falls through when not taken.
.ctasm_text
.ctasm_proc	f, args=1
.Lloop:
	decq	%rdi
	jnz	.Lloop
.ctasm_endproc
