# expect: 'movzbl': the source must be 8-bit
# The suffix names the source width.
.ctasm_text
.ctasm_proc f
	movzbl	%ax, %eax
.ctasm_ret
.ctasm_endproc
