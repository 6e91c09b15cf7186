# expect: cpuid writes rbx
.ctasm_text
.ctasm_proc f, global
	xorl	%eax, %eax
	cpuid
.ctasm_ret
.ctasm_endproc
