# expect: 'movzbl': the destination must be a 32-bit register
# The suffix names the destination width.
.ctasm_text
.ctasm_proc f
	movzbl	%al, %ax
.ctasm_ret
.ctasm_endproc
