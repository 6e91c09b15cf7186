// expect: pre/post-index offset #256 out of range -256..255
.ctasm_text
.ctasm_proc f
	ldr	x0, [x1, #256]!
	ret
.ctasm_endproc
