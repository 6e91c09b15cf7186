# expect: does not fit 'orb'
.ctasm_text
.ctasm_proc f
	orb	$0x100, %al
.ctasm_ret
.ctasm_endproc
