# expect: writes %rbx, callee-saved, but neither f nor the function writing it lists it in save=
# A local helper's writes reach its global caller: one of the two must save rbx.
.ctasm_text
.ctasm_proc helper
	xorl	%ebx, %ebx
.ctasm_ret
.ctasm_endproc
.ctasm_proc f, global
	call	helper
.ctasm_ret
.ctasm_endproc
