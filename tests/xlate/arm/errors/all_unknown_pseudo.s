// expect: unknown pseudo-directive .ctasm_frame
.ctasm_text
	.ctasm_frame 1
