# expect: control reaches the end of ctasm_fz_fall ('movq' last)
# The last instruction fell through to .ctasm_endproc, into whatever follows the
# function, with no unwind data: fuzz finding, accepted before X86_64/Reach.pm.
.ctasm_text
.ctasm_proc	ctasm_fz_fall, global, args=1
	movq	%rdi, %rax
.ctasm_endproc
