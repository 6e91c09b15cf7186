# expect: does not fit in 1 byte
.ctasm_text
.ctasm_proc f
	nop
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lk:
	.byte	256
