// expect: duplicate .ctasm_proc key 'frame'
.ctasm_text
.ctasm_proc f, frame=16, frame=0
	.ctasm_ret
.ctasm_endproc
