// expect: label .La defined twice
// The same label-and-instruction line twice: the second must be refused (a memo of
// split lines must not hand out a copy the label was stripped from).
.ctasm_text
.ctasm_proc f
.La:	nop
.La:	nop
	.ctasm_ret
.ctasm_endproc
