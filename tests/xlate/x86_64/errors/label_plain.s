# expect: label loop: only .L labels
# A plain label would be a symbol of its own on Mach-O (_loop); both translators take .L labels only.
.ctasm_text
.ctasm_proc f
loop:
	decq	%rdi
	jnz	loop
	.ctasm_ret
.ctasm_endproc
