// expect: writes d9, callee-saved, but neither f nor the function writing it lists it in vsave=
.ctasm_text
.ctasm_proc f, global, vsave=d8
	vmov.i8	q4, #0
	.ctasm_ret
.ctasm_endproc
