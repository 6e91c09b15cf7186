// expect: writes d8, callee-saved, but neither f nor the function writing it lists it in vsave= (any width of v8 counts)
.ctasm_text
.ctasm_proc f, global, vsave=d9
	movi	v9.16b, #0
	movi	v8.16b, #0
	.ctasm_ret
.ctasm_endproc
