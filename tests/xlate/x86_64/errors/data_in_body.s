# expect: .byte in a function body: it would run as instructions the translator never checked
# Bytes in a body run as code nobody checked: 0x5b is pop %rbx, which no unwind data or
# Win64 save describes (X86_64/DataText.pm). Instructions the dialect lacks go into
# X86_64/Insns.pm instead.
.ctasm_text
.ctasm_proc	ctasm_xlate_test_hidden_pop, global
	.byte	0x5b
	movl	$1, %eax
.ctasm_ret
.ctasm_endproc
