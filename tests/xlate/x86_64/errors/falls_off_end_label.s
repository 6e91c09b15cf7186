# expect: control reaches the end of f (label .Lout last)
# A label after the last exit is a branch target: the branch runs off the end.
.ctasm_text
.ctasm_proc	f, args=1
	testq	%rdi, %rdi
	jz	.Lout
	.ctasm_ret
.Lout:
.ctasm_endproc
