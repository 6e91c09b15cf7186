// expect: immediate #65536 out of range 0..65535
// movw/movt take 0..65535 (fuzz finding armv7.movw_range)
.ctasm_text
.ctasm_proc f
	movw	r0, #65536
	bx	lr
.ctasm_endproc
